'use client';

import { useState, type ComponentProps } from 'react';

import { FormAlert } from '@/components/auth/field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';

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
