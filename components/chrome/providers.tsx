'use client';

import { Provider as JotaiProvider } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { SessionProvider } from 'next-auth/react';
import type { ReactNode } from 'react';

import { WatchlistsProvider } from '@/components/watchlist/watchlists-provider';

import { AnalyticsSession } from './page-effects';
import { publicConfigAtom, type PublicConfig } from './public-config';

function HydrateConfig({ config, children }: { config: PublicConfig; children: ReactNode }) {
  useHydrateAtoms([[publicConfigAtom, config]]);
  return children;
}

/**
 * Client-side context shared by every page. The session is read in the browser (so pages stay cacheable) and
 * refreshed when the window becomes visible, on storage and broadcast events, and by interval when configured.
 * The signed-in user's watchlists are read from there too, once per page and only when a star or the survey asks.
 */
export function Providers({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus refetchInterval={config.sessionRefetchIntervalSeconds}>
      <JotaiProvider>
        <HydrateConfig config={config}>
          <WatchlistsProvider>{children}</WatchlistsProvider>
          <AnalyticsSession />
        </HydrateConfig>
      </JotaiProvider>
    </SessionProvider>
  );
}
