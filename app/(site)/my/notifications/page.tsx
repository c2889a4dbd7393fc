import type { Metadata } from 'next';
import Link from 'next/link';

import { PageBanner } from '@/components/chrome/page-banner';
import { MarkAllReadButton, MarkReadButton } from '@/components/notifications/notification-actions';
import { AlertBadges } from '@/components/project/alert-badges';
import { ALERT_TYPE_LABELS, formatDate } from '@/lib/format';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';
import type { NotificationItem } from '@/lib/notifications';
import { notificationPageSchema } from '@/lib/schemas/notifications';
import { cn } from '@/lib/utils';
import { listNotifications } from '@/server/notifications';
import { requireUser } from '@/server/session';

export const metadata: Metadata = { title: NOTIFICATION_MESSAGES.title, description: NOTIFICATION_MESSAGES.intro };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const pageLink = (page: number) => (page > 1 ? `/my/notifications?page=${page}` : '/my/notifications');

function NotificationRow({ item }: { item: NotificationItem }) {
  const unread = item.readAt === null;
  return (
    <li className={cn('flex flex-wrap items-start gap-3 border-l-4 p-4', unread ? 'border-l-primary bg-primary/5' : 'border-l-transparent')}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {unread ? <span className="rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground">{NOTIFICATION_MESSAGES.unread}</span> : null}
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">{ALERT_TYPE_LABELS[item.type] ?? item.type}</span>
          <AlertBadges origin={item.origin} retractedAt={item.retractedAt} />
          <Link href={`/projects/${item.projectId}`} className="font-semibold hover:underline">
            {item.projectName}
          </Link>
          <time dateTime={item.occurredAt.toISOString()} className="text-muted-foreground">
            {formatDate(item.occurredAt)}
          </time>
        </p>
        <p className="mt-1">
          <Link id={`notification-${item.id}`} href={`/alerts/${item.alertId}`} className={cn('underline-offset-4 hover:underline', unread ? 'font-semibold' : 'font-medium')}>
            {item.title}
          </Link>
        </p>
      </div>
      {unread ? <MarkReadButton id={item.id} /> : null}
    </li>
  );
}

export default async function NotificationsPage({ searchParams }: Props) {
  const requested = notificationPageSchema.parse((await searchParams).page);
  const user = await requireUser(pageLink(requested));
  const { items, unread, total, page, pageCount } = await listNotifications(user.id, requested);
  return (
    <>
      <PageBanner title={NOTIFICATION_MESSAGES.title}>
        <p>{NOTIFICATION_MESSAGES.intro}</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-10">
        {total === 0 ? (
          <div className="grid gap-2">
            <p className="text-muted-foreground">{NOTIFICATION_MESSAGES.empty}</p>
            <p>
              <Link href="/my/watchlists" className="font-medium text-primary underline underline-offset-4">
                {NOTIFICATION_MESSAGES.goToWatchlists}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="tabular text-sm text-muted-foreground">
                {unread} unread · {total} in all
              </p>
              {unread > 0 ? <MarkAllReadButton /> : null}
            </div>
            <ol className="divide-y rounded-lg border">
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} />
              ))}
            </ol>
            {pageCount > 1 ? (
              <nav aria-label="Pages" className="flex flex-wrap items-center gap-4 text-sm">
                <span className="tabular text-muted-foreground">
                  Page {page} of {pageCount}
                </span>
                {page > 1 ? (
                  <Link href={pageLink(page - 1)} rel="prev" className="font-medium text-primary underline underline-offset-4">
                    Previous page
                  </Link>
                ) : null}
                {page < pageCount ? (
                  <Link href={pageLink(page + 1)} rel="next" className="font-medium text-primary underline underline-offset-4">
                    Next page
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
