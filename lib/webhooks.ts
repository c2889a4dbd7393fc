/** Webhooks for alerts (issue #16): limits, what Settings shows, and every text a user reads about them. */

/** Endpoints one user may register. */
export const WEBHOOK_ENDPOINTS_PER_USER_MAX = 5;
/** The database allows 8 to 2,000 characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** "Send test" may queue one test per endpoint this often. */
export const WEBHOOK_TEST_INTERVAL_MS = 10_000;
/** Deliveries Settings lists per endpoint, newest first. */
export const WEBHOOK_LOG_SIZE = 10;

export const WEBHOOK_EVENT_TYPES = { alert: 'alert.published', test: 'test' } as const;

/** One delivery as the log in Settings shows it; times in ISO 8601. */
export type WebhookDeliveryItem = {
  id: string;
  eventType: string;
  createdAt: string;
  attempts: number;
  /** Delivered, failed for good (after 24 h of retries), or waiting for its next try. */
  state: 'delivered' | 'failed' | 'pending';
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
};

/** An endpoint as its owner sees it: never its secret, which is shown once, when it is made. */
export type WebhookEndpointItem = {
  id: string;
  url: string;
  description: string | null;
  createdAt: string;
  deliveries: WebhookDeliveryItem[];
};

export const WEBHOOK_MESSAGES = {
  title: 'Webhooks',
  intro:
    'Receive each alert on your watched projects as a signed JSON POST (Standard Webhooks: webhook-id, webhook-timestamp and webhook-signature headers). Failed deliveries are retried for 24 hours.',
  empty: 'No webhook endpoints yet.',
  listLabel: 'Your webhook endpoints',
  addFormLabel: 'Add a webhook endpoint',
  refresh: 'Refresh deliveries',
  urlLabel: 'Endpoint URL',
  descriptionLabel: 'Description (optional)',
  add: 'Add endpoint',
  adding: 'Adding…',
  added: 'Webhook endpoint added.',
  secretTitle: 'Signing secret',
  secretOnce: 'Copy this secret now: it is shown only once. Use it to verify the webhook-signature header.',
  copy: 'Copy secret',
  copied: 'Secret copied.',
  dismissSecret: 'Done',
  sendTest: 'Send test',
  testQueued: 'A test event is on its way.',
  testTooSoon: 'A test was sent to this endpoint a moment ago. Wait a few seconds before sending another.',
  remove: 'Remove',
  removeLabel: (url: string) => `Remove the endpoint ${url}`,
  sendTestLabel: (url: string) => `Send a test event to ${url}`,
  removed: 'Webhook endpoint removed.',
  removeQuestion: 'Remove this endpoint and its delivery log? Its secret stops working.',
  confirmRemove: 'Yes, remove',
  cancel: 'Cancel',
  logTitle: 'Recent deliveries',
  logEmpty: 'Nothing delivered yet.',
  logColumns: { event: 'Event', time: 'Time', result: 'Result', attempts: 'Attempts', nextTry: 'Next try' },
  delivered: 'Delivered',
  failed: 'Failed',
  pending: 'Pending',
  /** Refusals of the URL, at registration and again before each delivery. */
  urlInvalid: 'Enter a full URL starting with https://.',
  urlTooLong: `The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`,
  urlNotHttps: 'Only https:// endpoints are accepted.',
  urlCredentials: 'The URL must not contain a user name or password.',
  descriptionTooLong: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters.`,
  hostUnresolved: 'That host name could not be resolved.',
  addressRefused: {
    loopback: 'That address is on this machine (loopback) and is not allowed.',
    private: 'That address is on a private network and is not allowed.',
    linkLocal: 'That address is link-local and is not allowed.',
    metadata: 'That address is a cloud metadata service and is not allowed.',
    carrierGradeNat: 'That address is in the carrier-grade NAT range and is not allowed.',
    uniqueLocal: 'That address is a unique-local IPv6 address and is not allowed.',
    multicast: 'That address is a multicast address and is not allowed.',
    unspecified: 'That address is unspecified (0.0.0.0 or ::) and is not allowed.',
    reserved: 'That address is in a reserved range and is not allowed.',
  },
  tooMany: `You can register at most ${WEBHOOK_ENDPOINTS_PER_USER_MAX} webhook endpoints.`,
  duplicate: 'That endpoint is already registered.',
  notFound: 'Webhook endpoint not found.',
} as const;

export type WebhookAddressRefusal = keyof typeof WEBHOOK_MESSAGES.addressRefused;

const deliveryTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A delivery log time, in UTC so the server's and the browser's renderings agree. */
export const formatDeliveryTime = (iso: string) => `${deliveryTime.format(new Date(iso))} UTC`;

/** The log's result column: what the receiver answered, or why it could not. */
export function deliveryResultText(delivery: Pick<WebhookDeliveryItem, 'state' | 'lastStatus' | 'lastError'>): string {
  const detail = delivery.lastError ?? (delivery.lastStatus !== null ? `HTTP ${delivery.lastStatus}` : null);
  if (delivery.state === 'delivered') return `${WEBHOOK_MESSAGES.delivered}${delivery.lastStatus !== null ? ` (HTTP ${delivery.lastStatus})` : ''}`;
  const label = delivery.state === 'failed' ? WEBHOOK_MESSAGES.failed : WEBHOOK_MESSAGES.pending;
  return detail ? `${label}: ${detail}` : label;
}
