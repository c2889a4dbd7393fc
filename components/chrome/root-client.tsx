'use client';

// The root layout's client parts, on every page: the providers, analytics, route-change effects, the toaster's
// loader and the cookie banner. One module, since every page loads all of them anyway.

import { createStore, Provider as JotaiProvider } from 'jotai';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';

import { SessionProvider, useSession } from '@/components/auth/session';
import { Button } from '@/components/ui/button';
import { WatchlistsProvider } from '@/components/watchlist/watchlists-provider';
import { identifyUser, initAnalytics, resetAnalyticsUser, trackPageView } from '@/lib/analytics';
import { COOKIE_CONSENT_KEY } from '@/lib/constants';
import { CHROME_TEXTS } from '@/lib/messages/chrome';

import { loadOnUse } from './load-on-use';
import { type PublicConfig, publicConfigAtom, usePublicConfig } from './public-config';
import { isToasterWanted, subscribeToasterWanted, wantToaster } from './toast';

/**
 * Client-side context shared by every page. The session is read in the browser (so pages stay cacheable) and
 * refreshed when the window becomes visible, on storage and broadcast events, and by interval when configured.
 * The signed-in user's watchlists are read from there too, once per page and only when a star or the survey asks.
 */
export function Providers({ config, children }: { config: PublicConfig; children: ReactNode }) {
  // The server's public configuration is in the page's store from its first render (the root layout, and with it
  // this store, lives as long as the tab); set here rather than with jotai/utils' useHydrateAtoms, which would bring
  // the utils module into every page's first load.
  const [store] = useState(() => {
    const created = createStore();
    created.set(publicConfigAtom, config);
    return created;
  });
  return (
    <SessionProvider refetchIntervalSeconds={config.sessionRefetchIntervalSeconds}>
      <JotaiProvider store={store}>
        <WatchlistsProvider>{children}</WatchlistsProvider>
        <AnalyticsSession />
      </JotaiProvider>
    </SessionProvider>
  );
}

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

const Toaster = loadOnUse(() => import('./toaster').then((module) => module.Toaster), { browserOnly: true });

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

const CONSENT_CHANGED = 'cookie-consent-changed';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CONSENT_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CONSENT_CHANGED, onChange);
  };
}

function readConsent(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The cookie consent banner: shown until 'I Accept', which stores the flag in local storage. It is part of the
 * server's HTML, so a first visit paints it with the page (rendered only after hydration it was a phone's largest
 * paint, at 3.5 s under Lighthouse's throttling); for a returning visitor the root layout's inline script marks the
 * page before it paints (COOKIE_CONSENT_SCRIPT), the stylesheet hides the banner, and hydration then removes it.
 */
export function CookieBanner() {
  const accepted = useSyncExternalStore(subscribe, readConsent, () => false);
  if (accepted) return null;

  const accept = () => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    } finally {
      window.dispatchEvent(new Event(CONSENT_CHANGED));
    }
  };

  return (
    <section
      aria-label="Cookie consent"
      data-cookie-banner
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 shadow-[0_-4px_24px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          We use cookies to keep you signed in and, with your consent, to understand how the site is used. Read our{' '}
          <Link href="/company/cookie-policy" className="font-medium text-primary underline underline-offset-4">
            Cookie Policy
          </Link>
          .
        </p>
        <Button onClick={accept} className="shrink-0">
          {CHROME_TEXTS.acceptCookies}
        </Button>
      </div>
    </section>
  );
}
