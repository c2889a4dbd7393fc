'use client';

import { useId, type ComponentProps, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CODE_LENGTH } from '@/lib/constants';

import type { AuthStep } from './atoms';

export type FieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  label: string;
  error?: string;
  /** For a controlled field; a react-hook-form field passes register()'s props (name, onChange, onBlur, ref) instead. */
  onValueChange?: (value: string) => void;
};

/** A labelled input with its validation message announced to assistive technology. */
export function Field({ label, error, onChange, onValueChange, ...inputProps }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (a refusal from the server). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}

type PresetProps = Omit<FieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>;

/** The mailed code's box: digits, filled in by the phone's one-time-code suggestion. */
export const CodeField = (props: PresetProps) => <Field inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} {...props} />;

/** A password being chosen: the browser may offer a generated one. */
export const NewPasswordField = (props: PresetProps) => <Field type="password" autoComplete="new-password" maxLength={256} {...props} />;

/** A form's submit button, which names what it is doing while the request runs. */
export function SubmitButton({ busy, disabled, busyLabel, children }: { busy: boolean; disabled: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={disabled}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** The way back to the login step from the code and reset steps. */
export function BackToLogin({ go }: { go: (step: AuthStep) => void }) {
  return (
    <button type="button" className="text-sm font-medium text-primary hover:underline" onClick={() => go('login')}>
      Back to Log In
    </button>
  );
}

/** The line under a form that moves to its counterpart step ("New here? Sign Up"). */
export function OtherStepPrompt({ question, label, onClick }: { question: string; label: string; onClick: () => void }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{' '}
      <button type="button" className="font-medium text-primary hover:underline" onClick={onClick}>
        {label}
      </button>
    </p>
  );
}
