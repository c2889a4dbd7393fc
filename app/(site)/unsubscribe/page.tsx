import type { Metadata } from 'next';
import { z } from '@/lib/zod';

import { PageBanner } from '@/components/chrome/page-banner';
import { UnsubscribeButton } from '@/components/notifications/notification-actions';
import { UserFacingError } from '@/lib/errors';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';
import { describeUnsubscribeToken } from '@/server/alert-mail';

export const metadata: Metadata = { title: NOTIFICATION_MESSAGES.unsubscribeTitle, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const tokenParam = z.string().min(1).max(200).catch('');

/** Where the unsubscribe link of an alert mail leads: it asks before stopping the mails (link scanners only GET). */
export default async function UnsubscribePage({ searchParams }: Props) {
  const token = tokenParam.parse((await searchParams).token);
  const subscriber = token
    ? await describeUnsubscribeToken(token).catch((error: unknown) => {
        if (error instanceof UserFacingError) return null;
        throw error;
      })
    : null;
  return (
    <>
      <PageBanner title={NOTIFICATION_MESSAGES.unsubscribeTitle} />
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-10">
        {!subscriber ? (
          <p role="alert">{NOTIFICATION_MESSAGES.unsubscribeLinkInvalid}</p>
        ) : subscriber.alertEmail === 'off' ? (
          <p role="status">{NOTIFICATION_MESSAGES.unsubscribed}</p>
        ) : (
          <>
            <p>{NOTIFICATION_MESSAGES.unsubscribeQuestion(subscriber.email)}</p>
            <UnsubscribeButton token={token} />
          </>
        )}
      </div>
    </>
  );
}
