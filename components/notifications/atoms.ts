import { atom } from 'jotai';

/**
 * The signed-in user's unread notification count as the bell shows it; null until first read. The bell refreshes
 * it, and /my/notifications sets it from its actions' answers, so marking read updates the badge at once.
 */
export const unreadNotificationsAtom = atom<number | null>(null);
