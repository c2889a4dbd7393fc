import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { AUTH_MESSAGES } from '@/lib/messages/auth';

export type OneTimeSecretTexts = { title: string; once: string; copy: string; copied: string; dismiss: string };

/** A secret shown this once (a new API key, a webhook's signing secret), with a copy button; used inside client sections. */
export function OneTimeSecretNotice({ value, texts, onDone }: { value: string; texts: OneTimeSecretTexts; onDone: () => void }) {
  return (
    <div role="status" className="mt-4 grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <p className="text-sm font-semibold">{texts.title}</p>
      <p className="text-sm text-muted-foreground">{texts.once}</p>
      <code aria-label={texts.title} className="rounded bg-background px-2 py-1 font-mono text-sm break-all">
        {value}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => toast.success(texts.copied),
              () => toast.error(AUTH_MESSAGES.unknown),
            )
          }
        >
          {texts.copy}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {texts.dismiss}
        </Button>
      </div>
    </div>
  );
}
