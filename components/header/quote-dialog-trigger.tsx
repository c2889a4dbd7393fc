'use client';

import dynamic from 'next/dynamic';

import { useLazyDialog } from '@/components/chrome/use-lazy-dialog';
import { Button } from '@/components/ui/button';
import { CHROME_TEXTS } from '@/lib/messages/chrome';

const loadDialog = () => import('./quote-dialog');
const QuoteDialog = dynamic(() => loadDialog().then((module) => module.QuoteDialog), { ssr: false });

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
