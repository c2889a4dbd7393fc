'use client';

import { useAction } from 'next-safe-action/hooks';

import type { publishAuditAction } from '@/actions/staff/publish-audit';
import { FormAlert } from '@/components/auth/field';
import { Button } from '@/components/ui/button';
import { STAFF_MESSAGES } from '@/lib/messages';

import { useToastAndRefresh } from './use-staff-form';

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
