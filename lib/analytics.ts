/**
 * The one analytics module. Without a PostHog key it sends nothing anywhere; every event is still announced
 * on `window` as a `sentinel:analytics` event so tests and debugging can observe it.
 */

export type AnalyticsConfig = { key: string; host: string } | null;
type PostHogLike = { capture(event: string, properties?: Record<string, unknown>): unknown };

export const ANALYTICS_EVENT = 'sentinel:analytics';

let client: Promise<PostHogLike | null> = Promise.resolve(null);
let initialised = false;

/** Connects PostHog when a key is configured; loads its code only then, so pages without it stay light. */
export function initAnalytics(config: AnalyticsConfig): void {
  if (initialised || typeof window === 'undefined') return;
  initialised = true;
  if (!config) return;
  client = import('posthog-js')
    .then(({ default: posthog }) => {
      posthog.init(config.key, { api_host: config.host, capture_pageview: false, persistence: 'localStorage+cookie' });
      return posthog as PostHogLike;
    })
    .catch(() => null);
}

/** Records an event. */
export function track(event: string, properties: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail: { event, properties } }));
  void client.then((posthog) => posthog?.capture(event, properties));
}

/** Records a page view; called on every route change. */
export function trackPageView(url: string): void {
  track('$pageview', { $current_url: url });
}
