'use client';

import { Bell } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { useSession } from '@/components/auth/session';
import Link from 'next/link';

import { buttonVariants } from '@/components/ui/button';
import { NOTIFICATION_BELL_TEXTS } from '@/lib/messages/notification-bell';
import { badgeText } from '@/lib/notifications';
import { cx } from '@/lib/class-names';

import { useUnreadNotifications } from './use-unread-notifications';

export const NOTIFICATIONS_PATH = '/my/notifications';

/** The bell link with its badge; the link's name carries the exact count, so the badge is hidden from readers. */
export function NotificationBellLink({ unread, className }: { unread: number; className?: string }) {
  return (
    <Link
      href={NOTIFICATIONS_PATH}
      aria-label={NOTIFICATION_BELL_TEXTS.bellLabel(unread)}
      className={cx(buttonVariants({ variant: 'navyGhost', size: 'icon' }), 'relative', className)}
    >
      <Icon node={Bell} className="size-5" />
      {unread > 0 ? (
        <span aria-hidden className="tabular absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white">
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}

function SignedInBell({ className }: { className?: string }) {
  const unread = useUnreadNotifications();
  return <NotificationBellLink unread={unread ?? 0} className={className} />;
}

/**
 * The header's notifications bell for a signed-in visitor (nothing otherwise). Filled in the browser, like the
 * account area, so pages stay static.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { status } = useSession();
  return status === 'authenticated' ? <SignedInBell className={className} /> : null;
}
