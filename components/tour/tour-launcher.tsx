'use client';

import { useSession } from '@/components/auth/session';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect } from 'react';

import { loadOnUse } from '@/components/chrome/load-on-use';
import { TOUR_QUERY } from '@/lib/tour-link';

// react-joyride is loaded only when a tour actually runs: the home page keeps its small first load.
const loadGuidedTour = () => import('./guided-tour').then((module) => module.GuidedTour);
const GuidedTour = loadOnUse(loadGuidedTour, { browserOnly: true });

/** Starts the guided tour when the page is opened with ?tour=true, and takes the parameter away when it ends. */
export function TourLauncher() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const { status } = useSession();
  const requested = params.get(TOUR_QUERY.name) === TOUR_QUERY.value;

  const onEnd = useCallback(() => {
    const rest = new URLSearchParams(params.toString());
    rest.delete(TOUR_QUERY.name);
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [params, pathname, router]);

  // The tour's code is fetched while the session loads, not after it: on a slow phone or a cold server the two in a
  // row kept the first step waiting for seconds.
  useEffect(() => {
    if (requested) void loadGuidedTour();
  }, [requested]);

  // The steps depend on who is looking, so wait for the session.
  if (!requested || status === 'loading') return null;
  return <GuidedTour authenticated={status === 'authenticated'} onEnd={onEnd} />;
}
