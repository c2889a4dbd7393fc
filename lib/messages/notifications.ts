// Notifications: the bell and /my/notifications (issue #16).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

import { NOTIFICATION_BELL_TEXTS } from './notification-bell';

/** The bell in the header and /my/notifications (issue #16). */
export const NOTIFICATION_MESSAGES = {
  ...NOTIFICATION_BELL_TEXTS,
  intro: 'Alerts published on the projects in your watchlists.',
  empty: 'No notifications yet. Watch projects to hear about their alerts.',
  goToWatchlists: 'Go to your watchlists',
  unread: 'Unread',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  allMarkedRead: 'All notifications are marked as read.',
  notFound: 'Notification not found.',
  /** Settings: how alerts arrive by mail. */
  emailSettingTitle: 'Alert e-mails',
  emailSettingIntro: 'When a security alert is published on a project in your watchlists, the bell shows it. You can also have it mailed to you.',
  emailChoiceLabels: { immediate: 'Immediately, one e-mail per alert', digest: 'Once a day, one digest of the day\'s alerts', off: 'Off' },
  emailSettingSaved: 'Your alert e-mail choice is saved.',
  /** The page an unsubscribe link in an alert mail opens (no sign-in needed). */
  unsubscribeTitle: 'Stop alert e-mails',
  unsubscribeQuestion: (email: string) => `Stop the alert e-mails sent to ${email}?`,
  unsubscribeButton: 'Stop alert e-mails',
  unsubscribed: 'Done: no more alert e-mails will be sent to this address. You can turn them on again in Settings.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
} as const;
