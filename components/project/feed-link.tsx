import { Rss } from 'lucide';

import { Icon } from '@/components/ui/icon';
import Link from 'next/link';

/** A link to an Atom feed of alerts, for feed readers and anyone who wants to hear of new ones. */
export function FeedLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} prefetch={false} type="application/atom+xml" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <Icon node={Rss} className="size-4" />
      {label}
    </Link>
  );
}
