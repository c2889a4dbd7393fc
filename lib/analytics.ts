/**
 * The one analytics module. Without a PostHog key it sends nothing anywhere; every event is still announced
 * on `window` as a `sentinel:analytics` event so tests and debugging can observe it.
 */

export type AnalyticsConfig = { key: string; host: string } | null;
/** Who is browsing and which flags the server gave them, known before PostHog loads (so flags never flicker). */
export type AnalyticsBootstrap = { userId: string | null; flags: string[] };
type PostHogLike = {
  capture(event: string, properties?: Record<string, unknown>): unknown;
  identify(distinctId: string, properties?: Record<string, unknown>): unknown;
  reset(): unknown;
};

export const ANALYTICS_EVENT = 'sentinel:analytics';

// Events before initialisation wait on this promise, so the first page view is not lost while the session loads.
let resolveClient: (client: PostHogLike | null) => void = () => {};
const client = new Promise<PostHogLike | null>((resolve) => {
  resolveClient = resolve;
});
let initialised = false;

const announce = (event: string, properties: Record<string, unknown>) =>
  window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail: { event, properties } }));

/**
 * Connects PostHog when a key is configured, bootstrapped with the user and the server's flags; loads its code
 * only then, so pages without it stay light. Called once, when the session is known.
 */
export function initAnalytics(config: AnalyticsConfig, bootstrap: AnalyticsBootstrap = { userId: null, flags: [] }): void {
  if (initialised || typeof window === 'undefined') return;
  initialised = true;
  if (!config) return resolveClient(null);
  import('posthog-js')
    .then(({ default: posthog }) => {
      posthog.init(config.key, {
        api_host: config.host,
        capture_pageview: false,
        persistence: 'localStorage+cookie',
        bootstrap: {
          ...(bootstrap.userId ? { distinctID: bootstrap.userId, isIdentifiedID: true } : {}),
          featureFlags: Object.fromEntries(bootstrap.flags.map((flag) => [flag, true])),
        },
      });
      resolveClient(posthog as PostHogLike);
    })
    .catch(() => resolveClient(null));
}

/** Records an event. */
export function track(event: string, properties: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  announce(event, properties);
  void client.then((posthog) => posthog?.capture(event, properties));
}

/** Records a page view; called on every route change. */
export function trackPageView(url: string): void {
  track('$pageview', { $current_url: url });
}

/** Ties later events to a signed-in user (on login, and when a known user opens the site). */
export function identifyUser(userId: string, traits: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  announce('$identify', { userId });
  void client.then((posthog) => posthog?.identify(userId, traits));
}

/** Forgets the user on sign-out, so the next visitor on this browser is anonymous again. */
export function resetAnalyticsUser(): void {
  if (typeof window === 'undefined') return;
  announce('$reset', {});
  void client.then((posthog) => posthog?.reset());
}
