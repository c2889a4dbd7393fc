import 'server-only';

import { PostHog } from 'posthog-node';

import { getConfig } from './config';

let client: PostHog | null | undefined;

/** The server's PostHog client, or null without NEXT_PUBLIC_POSTHOG_KEY (then nothing is sent anywhere). */
export function getPostHog(): PostHog | null {
  if (client !== undefined) return client;
  const config = getConfig().posthog;
  client = config
    ? new PostHog(config.key, {
        host: config.host,
        // Flags are asked for on the request path: fail fast and fall back (server/flags.ts).
        featureFlagsRequestTimeoutMs: 1500,
        flushAt: 20,
        flushInterval: 10_000,
      })
    : null;
  return client;
}

/** Sends what is still queued (events from POST /api/user/events) before the process exits. */
export async function shutdownPostHog(): Promise<void> {
  if (client) await client.shutdown(2000);
}
