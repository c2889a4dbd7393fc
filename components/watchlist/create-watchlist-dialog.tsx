'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '@/lib/zod';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { WATCHLIST_NAME_MAX_LENGTH } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import { watchlistNameSchema } from '@/lib/schemas/watchlist';

const nameFormSchema = z.object({ name: watchlistNameSchema });

type Props = {
  trigger: ReactNode;
  title: string;
  confirmLabel: string;
  existingNames: string[];
  initialName?: string;
  /** Resolves true when the server took the name; false keeps the dialog open. */
  onConfirm: (name: string) => Promise<boolean | 'name-used'>;
};

/** The name dialog for creating and renaming: at most 20 characters; empty does nothing; a used name is refused. */
export function WatchlistNameDialog({ trigger, title, confirmLabel, existingNames, initialName = '', onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const form = useForm({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: initialName },
    // The error clears as the user types (below); focus stays in the box.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = form.formState.errors.name?.message;
  const pending = form.formState.isSubmitting;

  /** A used name is refused with the spec's message, and the box is emptied for another try. */
  const refuseUsedName = () => {
    form.setValue('name', '');
    form.setError('name', { message: WATCHLIST_MESSAGES.nameUsed });
  };

  const confirm = () => {
    // SPEC §5: confirming an empty name does nothing at all (no message).
    if (!form.getValues('name').trim() || pending) return;
    void form.handleSubmit(async ({ name }) => {
      if (existingNames.includes(name) && name !== initialName) return refuseUsedName();
      const result = await onConfirm(name);
      if (result === true) {
        setOpen(false);
        form.reset({ name: initialName });
      } else if (result === 'name-used') {
        refuseUsedName();
      }
    })();
  };

  const cancel = () => {
    form.reset({ name: '' });
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ name: initialName });
        else cancel();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{WATCHLIST_MESSAGES.nameTooLong}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="watchlist-name">Watchlist name</Label>
          <Input
            id="watchlist-name"
            {...form.register('name', { onChange: () => form.clearErrors('name') })}
            maxLength={WATCHLIST_NAME_MAX_LENGTH}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'watchlist-name-error' : undefined}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                confirm();
              }
            }}
          />
          {error ? (
            <p id="watchlist-name-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button type="button" disabled={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
