'use client';

import { MessageCircle } from 'lucide-react';

import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import { POPUP_HOVER_CLOSE_DELAY_SECONDS, POPUP_MAX_WIDTH } from '@/lib/constants';

/** The chat app is offered as a QR code that appears on hover (and on keyboard focus). */
export function ChatQr({ label, svg }: { label: string; svg: string }) {
  return (
    <HoverCard openDelay={100} closeDelay={POPUP_HOVER_CLOSE_DELAY_SECONDS * 1000}>
      <HoverCardTrigger asChild>
        <button
          type="button"
          aria-label={`${label}: show QR code`}
          className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-navy-foreground hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white/50 focus-visible:outline-none"
        >
          <MessageCircle aria-hidden className="size-5" />
        </button>
      </HoverCardTrigger>
      <HoverCardContent className="w-auto" style={{ maxWidth: POPUP_MAX_WIDTH }}>
        <figure className="grid justify-items-center gap-2">
          <div className="size-40" role="img" aria-label={`${label} QR code`} dangerouslySetInnerHTML={{ __html: svg }} />
          <figcaption className="text-xs text-muted-foreground">Scan to chat with us on {label}</figcaption>
        </figure>
      </HoverCardContent>
    </HoverCard>
  );
}
