import { atom, useAtomValue } from 'jotai';
import { useSession } from 'next-auth/react';

import type { AnalyticsConfig } from '@/lib/analytics';

/** What the browser needs to know of the server's configuration; never a secret. */
export type PublicConfig = {
  analytics: AnalyticsConfig;
  avatarBaseUrl: string | null;
  sessionRefetchIntervalSeconds: number;
};

export const publicConfigAtom = atom<PublicConfig>({
  analytics: null,
  avatarBaseUrl: null,
  sessionRefetchIntervalSeconds: 0,
});

export const usePublicConfig = () => useAtomValue(publicConfigAtom);

/** True when a feature flag is on for the signed-in user (flags arrive with the session). */
export function useFeatureFlag(flag: string): boolean {
  const { data } = useSession();
  return ((data as { flags?: string[] } | null)?.flags ?? []).includes(flag);
}
