'use client';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/chrome/toast';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { BADGE_EMBED_TEXTS } from '@/lib/messages/open-data-controls';

type Props = { badgeUrl: string; badgeWidth: number; verifyUrl: string; alt: string; snippets: { markdown: string; html: string } };

function Snippet({ format, code }: { format: string; code: string }) {
  const id = `badge-snippet-${format.toLowerCase()}`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {format}
      </label>
      <textarea id={id} readOnly rows={3} value={code} onFocus={(event) => event.currentTarget.select()} className="w-full resize-none rounded-md border bg-muted/40 p-2 font-mono text-xs break-all" />
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        onClick={() =>
          navigator.clipboard.writeText(code).then(
            () => toast.success(BADGE_EMBED_TEXTS.badgeCopied),
            () => toast.error(AUTH_MESSAGES.unknown),
          )
        }
      >
        {BADGE_EMBED_TEXTS.badgeCopy(format)}
      </Button>
    </div>
  );
}

/** The badge as it will look, and its embed snippets (Markdown and HTML) to copy; both link to the verify page. */
export function BadgeEmbed({ badgeUrl, badgeWidth, verifyUrl, alt, snippets }: Props) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{BADGE_EMBED_TEXTS.badgeIntro}</p>
      <a href={verifyUrl} className="justify-self-start">
        {/* The badge is an SVG from our own route: Next's image optimiser has nothing to add. Lazy, with its size: on a
            phone it sits far below the first screen, and loaded eagerly it competed with the page's own files before the
            first paint (#18). */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={badgeUrl} alt={alt} width={badgeWidth} height={20} loading="lazy" decoding="async" />
      </a>
      <Snippet format={BADGE_EMBED_TEXTS.badgeMarkdown} code={snippets.markdown} />
      <Snippet format={BADGE_EMBED_TEXTS.badgeHtml} code={snippets.html} />
    </div>
  );
}
