import { useId, type ComponentProps } from 'react';

import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

import { selectClassName } from './page-links';

/** The ids that tie a control to its hint and its message, for aria-describedby. */
function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's message under it; `id` ties it to the control by aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

/** A labelled textarea with its hint and message, like Field for inputs. */
export function TextareaField({ label, hint, error, ...props }: { label: string; hint?: string; error?: string } & ComponentProps<typeof Textarea>) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...props} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

/**
 * A labelled native select with its message. `placeholder` is a first, empty choice (nothing chosen yet, or "nobody");
 * without it, the first option is chosen.
 */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  ...props
}: { label: string; error?: string; options: readonly SelectOption[]; placeholder?: string } & ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClassName} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, null, error)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

/** Options from a fixed list of values and their labels. */
export const optionsOf = <Value extends string>(values: readonly Value[], labels: Partial<Record<Value, string>>): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** What a save did, said where the form's button is (the toast says it too, and fades). */
export function SavedStatus({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {message}
    </p>
  );
}
