import 'server-only';

import { getConfig } from './config';

export const KNOWN_FLAGS = ['extendedUserSetting', 'portfolio'] as const;

/** The feature flags on for a user: FEATURE_FLAGS for everyone (a later step adds PostHog per user). */
export async function getFlagsForUser(userId: string | null): Promise<string[]> {
  void userId;
  return getConfig().featureFlags;
}
