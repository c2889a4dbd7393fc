import type { CSSProperties } from 'react';
import { MessageCircle } from 'lucide';

import { Icon } from '@/components/ui/icon';
import { POPUP_HOVER_CLOSE_DELAY_SECONDS, POPUP_MAX_WIDTH } from '@/lib/constants';

/**
 * The chat app is offered as a QR code that appears on hover and on keyboard focus. Plain CSS (no script): the
 * footer is on every page, and a hover card's code would weigh on every first load.
 */
export function ChatQr({ label, svg }: { label: string; svg: string }) {
  const popupId = 'chat-qr-popup';
  const delays = { '--qr-close-delay': `${POPUP_HOVER_CLOSE_DELAY_SECONDS}s`, maxWidth: POPUP_MAX_WIDTH } as CSSProperties;
  return (
    <div className="group relative">
      <button
        type="button"
        aria-label={`${label}: show QR code`}
        aria-describedby={popupId}
        className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-navy-foreground hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white/50 focus-visible:outline-none"
      >
        <Icon node={MessageCircle} className="size-5" />
      </button>
      <div
        id={popupId}
        role="tooltip"
        style={delays}
        className="invisible absolute bottom-full left-1/2 z-50 mb-2 w-max -translate-x-1/2 rounded-md border bg-popover p-4 text-popover-foreground opacity-0 shadow-md transition-[opacity,visibility] [transition-delay:var(--qr-close-delay)] group-focus-within:visible group-focus-within:opacity-100 group-focus-within:[transition-delay:0s] group-hover:visible group-hover:opacity-100 group-hover:[transition-delay:100ms]"
      >
        <figure className="grid justify-items-center gap-2">
          <div className="size-40" role="img" aria-label={`${label} QR code`} dangerouslySetInnerHTML={{ __html: svg }} />
          <figcaption className="text-xs text-muted-foreground">Scan to chat with us on {label}</figcaption>
        </figure>
      </div>
    </div>
  );
}
