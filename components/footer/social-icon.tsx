import { BookOpen, Send } from 'lucide';

import { Icon } from '@/components/ui/icon';

type Network = 'X' | 'Telegram' | 'YouTube' | 'Medium' | 'LinkedIn';

const glyph = { 'aria-hidden': true, className: 'size-5', viewBox: '0 0 24 24', fill: 'currentColor' } as const;

/** The icon of one social network (lucide no longer ships brand marks, so three are simple glyphs here). */
export function SocialIcon({ network }: { network: Network }) {
  switch (network) {
    case 'X':
      return (
        <svg {...glyph}>
          <path d="M4 3h4.6l4 5.6L17.3 3H20l-6.1 7.3L21 21h-4.6l-4.3-6-5 6H4.3l6.6-7.9L4 3Z" />
        </svg>
      );
    case 'YouTube':
      return (
        <svg {...glyph}>
          <path d="M21.6 7.2a2.7 2.7 0 0 0-1.9-1.9C18 4.8 12 4.8 12 4.8s-6 0-7.7.5a2.7 2.7 0 0 0-1.9 1.9C2 8.9 2 12 2 12s0 3.1.4 4.8a2.7 2.7 0 0 0 1.9 1.9c1.7.5 7.7.5 7.7.5s6 0 7.7-.5a2.7 2.7 0 0 0 1.9-1.9c.4-1.7.4-4.8.4-4.8s0-3.1-.4-4.8ZM10 15.2V8.8l5.2 3.2-5.2 3.2Z" />
        </svg>
      );
    case 'LinkedIn':
      return (
        <svg {...glyph}>
          <path d="M4.5 3A1.5 1.5 0 1 1 4.5 6a1.5 1.5 0 0 1 0-3ZM3.2 8h2.6v13H3.2V8Zm5 0h2.5v1.8c.5-1 1.7-2 3.5-2 3.7 0 4.4 2.4 4.4 5.6V21H16v-6.8c0-1.6 0-3.7-2.3-3.7s-2.6 1.8-2.6 3.6V21H8.2V8Z" />
        </svg>
      );
    case 'Telegram':
      return <Icon node={Send} className="size-5" />;
    case 'Medium':
      return <Icon node={BookOpen} className="size-5" />;
  }
}
