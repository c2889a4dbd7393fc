'use client';

// The console's step buttons: a destructive step behind a confirming dialog, and a publish step in a notice box.

import { useAction } from 'next-safe-action/hooks';
import { type ComponentProps, useState } from 'react';

import type { publishAuditAction } from '@/actions/staff/publish-audit';
import { FormAlert } from '@/components/auth/field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

import { useToastAndRefresh } from './use-staff-form';

/**
 * A destructive step behind a dialog that says what will happen; `onConfirm` answers whether the step succeeded, and
 * the dialog closes only then (a refusal stays in view inside it).
 */
export function ConfirmStep({
  label,
  title,
  description,
  confirm,
  pending,
  error,
  onConfirm,
  size = 'sm',
}: {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  description: string;
  /** The dialog's destructive button. */
  confirm: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => Promise<boolean>;
  size?: ComponentProps<typeof Button>['size'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size={size} className="justify-self-start">
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormAlert message={error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            disabled={pending}
            onClick={async () => {
              if (await onConfirm()) setOpen(false);
            }}
          >
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** One step the page offers in a notice box: what it does, its button, and the server's refusal if any. */
export function NoticeStep({ hint, label, pending, error, onClick }: { hint: string; label: string; pending: boolean; error: string | undefined; onClick: () => void }) {
  return (
    <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="text-sm">{hint}</p>
      <Button type="button" className="justify-self-start" disabled={pending} onClick={onClick}>
        {label}
      </Button>
      <FormAlert message={error ?? null} />
    </div>
  );
}

/** Publishes a draft audit or alert (the page passes its publish action); the page then shows it as published. */
export function PublishButton({ action, id, label, hint }: { action: typeof publishAuditAction; id: string; label: string; hint: string }) {
  const { execute, isPending, result } = useAction(action, useToastAndRefresh(STAFF_MESSAGES.published));
  return <NoticeStep hint={hint} label={label} pending={isPending} error={result.serverError} onClick={() => execute({ id })} />;
}
