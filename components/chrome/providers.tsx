'use client';

import { Provider as JotaiProvider } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { SessionProvider } from 'next-auth/react';
import type { ReactNode } from 'react';

import { AnalyticsSession } from './analytics-session';
import { publicConfigAtom, type PublicConfig } from './public-config';

function HydrateConfig({ config, children }: { config: PublicConfig; children: ReactNode }) {
  useHydrateAtoms([[publicConfigAtom, config]]);
  return children;
}

/**
 * Client-side context shared by every page. The session is read in the browser (so pages stay cacheable) and
 * refreshed when the window becomes visible, on storage and broadcast events, and by interval when configured.
 */
export function Providers({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus refetchInterval={config.sessionRefetchIntervalSeconds}>
      <JotaiProvider>
        <HydrateConfig config={config}>
          {children}
          <AnalyticsSession />
        </HydrateConfig>
      </JotaiProvider>
    </SessionProvider>
  );
}
