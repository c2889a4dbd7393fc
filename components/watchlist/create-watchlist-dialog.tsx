'use client';

import { useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { WATCHLIST_NAME_MAX_LENGTH } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages';

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
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    const trimmed = name.trim();
    if (!trimmed || pending) return;
    if (existingNames.includes(trimmed) && trimmed !== initialName) {
      setError(WATCHLIST_MESSAGES.nameUsed);
      setName('');
      return;
    }
    setPending(true);
    try {
      const result = await onConfirm(trimmed);
      if (result === true) {
        setOpen(false);
        setName(initialName);
        setError(null);
      } else if (result === 'name-used') {
        setError(WATCHLIST_MESSAGES.nameUsed);
        setName('');
      }
    } finally {
      setPending(false);
    }
  };

  const cancel = () => {
    setName('');
    setError(null);
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setName(initialName);
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
            value={name}
            maxLength={WATCHLIST_NAME_MAX_LENGTH}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'watchlist-name-error' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void confirm();
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
          <Button type="button" disabled={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
