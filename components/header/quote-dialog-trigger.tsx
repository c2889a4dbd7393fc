'use client';


import { loadOnUse } from '@/components/chrome/load-on-use';
import { useLazyDialog } from '@/components/chrome/use-lazy-dialog';
import { Button } from '@/components/ui/button';
import { CHROME_TEXTS } from '@/lib/messages/chrome';

const loadDialog = () => import('./quote-dialog');
const QuoteDialog = loadOnUse(() => loadDialog().then((module) => module.QuoteDialog), { browserOnly: true });

/** Request a Quote: the button is part of the page; the dialog and its form load when first wanted. */
export function QuoteDialogTrigger({ embedUrl }: { embedUrl: string | null }) {
  const { open, setOpen, mounted, triggerProps } = useLazyDialog(loadDialog);
  return (
    <>
      <Button size="header" weight="semibold" {...triggerProps}>
        {CHROME_TEXTS.requestQuote}
      </Button>
      {mounted ? <QuoteDialog embedUrl={embedUrl} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
