'use client';

// What every page runs in the browser beside its content, rendering nothing (or the toast area once wanted):
// analytics, route-change effects and the toaster's loader, one client module for the root layout.

import { useSession } from 'next-auth/react';
import dynamic from 'next/dynamic';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';

import { identifyUser, initAnalytics, resetAnalyticsUser, trackPageView } from '@/lib/analytics';

import { usePublicConfig } from './public-config';
import { isToasterWanted, subscribeToasterWanted, wantToaster } from './toast';

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

/** After every route change: scroll smoothly to the top and send one page-view event (analytics starts in AnalyticsSession). */
export function RouteChangeEffects() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = searchParams.toString();
  const firstRender = useRef(true);

  useEffect(() => {
    trackPageView(`${window.location.origin}${pathname}${query ? `?${query}` : ''}`);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname, query]);

  return null;
}

const Toaster = dynamic(() => import('./toaster').then((module) => module.Toaster), { ssr: false });

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Part of every page: mounts the toast area with the first toast or on the visitor's first interaction (every
 * toast answers something the visitor did), so a page that is only read never loads the toast library.
 */
export function ToasterTrigger() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  useEffect(() => {
    if (wanted) return;
    for (const event of FIRST_INTERACTION) window.addEventListener(event, wantToaster, { once: true, passive: true, capture: true });
    return () => {
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, wantToaster, { capture: true });
    };
  }, [wanted]);
  return wanted ? <Toaster /> : null;
}
