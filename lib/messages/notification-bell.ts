// The bell's texts, apart from NOTIFICATION_MESSAGES so the header, on every page, loads these and not the whole
// catalogue of the notifications page and settings (#18).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

/** The bell in the header. */
export const NOTIFICATION_BELL_TEXTS = {
  title: 'Notifications',
  /** The bell's accessible name: the bare title when nothing is unread. */
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
} as const;
