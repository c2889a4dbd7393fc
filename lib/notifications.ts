/** In-site notifications as both sides know them: what a row of /my/notifications shows, and the page size. */
/** Notifications per page of /my/notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** One notice of a published alert on a project the user watches. */
export type NotificationItem = {
  id: string;
  alertId: string;
  title: string;
  type: string;
  projectId: string;
  projectName: string;
  occurredAt: Date;
  createdAt: Date;
  readAt: Date | null;
  /** Marked in the list: raised by a rule, and retracted since (a reorg removed its fact). */
  origin: string;
  retractedAt: Date | null;
};

/** One page of a user's notifications, newest first, with how many are unread in all. */
export type NotificationPage = { items: NotificationItem[]; total: number; unread: number; page: number; pageCount: number };

/** The badge shows two digits at most; the button's name always carries the exact count. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** How a user hears of alerts by mail: each at once, in one daily digest, or not at all (the bell shows them either way). */
export const ALERT_EMAIL_CHOICES = ['immediate', 'digest', 'off'] as const;
export type AlertEmailChoice = (typeof ALERT_EMAIL_CHOICES)[number];
