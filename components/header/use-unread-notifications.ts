'use client';

import { useAtom } from 'jotai';
import { useEffect } from 'react';

import { unreadNotificationsAtom } from '@/components/notifications/atoms';
import { getChecked } from '@/lib/schemas/get-checked';

/** Where the count is read (app/api/user/notifications/unread). */
export const UNREAD_NOTIFICATIONS_PATH = '/api/user/notifications/unread';

/** How often the count is read again while the page is visible. */
export const UNREAD_REFRESH_MS = 30_000;

/**
 * The signed-in user's unread count, read on mount, whenever the window regains focus or the tab becomes visible,
 * and every 30 s while it is visible. A failed read keeps the last count: the badge is a hint, not a promise.
 */
export function useUnreadNotifications(): number | null {
  const [unread, setUnread] = useAtom(unreadNotificationsAtom);
  useEffect(() => {
    let active = true;
    const refresh = async () => {
      try {
        const { unread } = await getChecked(UNREAD_NOTIFICATIONS_PATH, (schemas) => schemas.unreadNotificationsSchema);
        if (active) setUnread(unread);
      } catch {
        // Offline, signed out meanwhile or a deploy in between: the next refresh tries again.
      }
    };
    const refreshWhenVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    void refresh();
    const timer = window.setInterval(refreshWhenVisible, UNREAD_REFRESH_MS);
    window.addEventListener('focus', refreshWhenVisible);
    document.addEventListener('visibilitychange', refreshWhenVisible);
    return () => {
      active = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', refreshWhenVisible);
      document.removeEventListener('visibilitychange', refreshWhenVisible);
    };
  }, [setUnread]);
  return unread;
}
