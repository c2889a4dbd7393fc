import { atom, useAtomValue } from 'jotai';
import { useSession } from '@/components/auth/session';

import type { AnalyticsConfig } from '@/lib/analytics';

/** What the browser needs to know of the server's configuration; never a secret. */
export type PublicConfig = {
  analytics: AnalyticsConfig;
  avatarBaseUrl: string | null;
  sessionRefetchIntervalSeconds: number;
  /** FEATURE_FLAGS as the server reads them: the flags until a session says otherwise. */
  flags: string[];
};

export const publicConfigAtom = atom<PublicConfig>({
  analytics: null,
  avatarBaseUrl: null,
  sessionRefetchIntervalSeconds: 0,
  flags: [],
});

export const usePublicConfig = () => useAtomValue(publicConfigAtom);

/**
 * True when a feature flag is on: the signed-in user's flags arrive with the session (evaluated per user on the
 * server); until then, and for visitors, the server's defaults hydrated with the page.
 */
export function useFeatureFlag(flag: string): boolean {
  const { data } = useSession();
  const { flags } = usePublicConfig();
  return ((data as { flags?: string[] } | null)?.flags ?? flags).includes(flag);
}
