'use client';

import { useSession } from 'next-auth/react';
import { useEffect, useRef } from 'react';

import { identifyUser, initAnalytics, resetAnalyticsUser } from '@/lib/analytics';

import { usePublicConfig } from './public-config';

/**
 * Starts analytics once the session is known (bootstrapped with the user and their flags), identifies the user on
 * login and resets on sign-out. Renders nothing.
 */
export function AnalyticsSession() {
  const { data, status } = useSession();
  const { analytics, flags: defaultFlags } = usePublicConfig();
  const userId = status === 'authenticated' ? (data?.user?.id ?? null) : null;
  const flags = (data as { flags?: string[] } | null)?.flags ?? defaultFlags;
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (status === 'loading') return;
    if (previous.current === undefined) initAnalytics(analytics, { userId, flags });
    if (userId && userId !== previous.current) identifyUser(userId, { username: (data?.user as { username?: string })?.username });
    if (!userId && previous.current) resetAnalyticsUser();
    previous.current = userId;
  }, [status, userId, analytics, flags, data]);

  return null;
}
