import { atom, useAtomValue } from 'jotai';

import type { AnalyticsConfig } from '@/lib/analytics';

/** What the browser needs to know of the server's configuration; never a secret. */
export type PublicConfig = {
  analytics: AnalyticsConfig;
  googleEnabled: boolean;
  avatarBaseUrl: string | null;
  featureFlags: string[];
  sessionRefetchIntervalSeconds: number;
};

export const publicConfigAtom = atom<PublicConfig>({
  analytics: null,
  googleEnabled: false,
  avatarBaseUrl: null,
  featureFlags: [],
  sessionRefetchIntervalSeconds: 0,
});

export const usePublicConfig = () => useAtomValue(publicConfigAtom);

/** True when a feature flag is on. */
export function useFeatureFlag(flag: string): boolean {
  return usePublicConfig().featureFlags.includes(flag);
}
