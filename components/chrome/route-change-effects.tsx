'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';

import { trackPageView } from '@/lib/analytics';

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
