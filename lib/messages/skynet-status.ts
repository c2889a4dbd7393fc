// The public /status page: how far behind each chain's head Skynet is, and how fast its alerts were.
// Part of the message catalogue (lib/messages/).

/** A span of seconds as people say it: tenths below ten seconds (alert latencies live there), then s, min, h, days. */
export function formatSeconds(seconds: number): string {
  if (seconds < 10) return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

const blocks = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'block' : 'blocks'}`;

export const SKYNET_STATUS_TEXTS = {
  title: 'Skynet status',
  eyebrow: 'Skynet',
  description: 'How far behind each chain’s head Skynet is, and the measured time from a block to its alert over the last hour.',
  intro: 'Measured live, per chain: how far behind the head Skynet reads, and how fast its alerts reached this site.',
  explanation: (windowMinutes: number) =>
    `Block to alert runs from the timestamp of the block that holds what an alert reports to the moment the alert was published here and its watchers were notified, over every automatic alert of the last ${windowMinutes} minutes: p50 is the median, and 95 in 100 alerts were at least as fast as p95. Behind the head counts the blocks between the newest the chain reported and the last Skynet has read, with about how long the chain takes to make them.`,
  noChains: 'Skynet follows no chain on this site.',
  chainId: (id: number) => `Chain id ${id}`,
  following: 'Following the head',
  behind: (count: number, seconds: number) => `Behind by ${blocks(count)} (~${formatSeconds(seconds)})`,
  notStarted: 'Not started',
  failures: {
    timeout: 'The chain’s endpoint is not answering in time; retrying',
    'rate-limited': 'The chain’s endpoint is limiting our requests; retrying',
    failed: 'Reading the chain failed; retrying',
  },
  lastIndexed: 'Last block read',
  lastIndexedValue: (block: number, seconds: number | null) =>
    `#${block.toLocaleString('en-US')}${seconds === null ? '' : `, ${formatSeconds(Math.max(0, seconds))} ago`}`,
  noBlockYet: 'None yet',
  latency: 'Block to alert, last hour',
  latencyValue: (p50: number, p95: number, alerts: number) =>
    `p50 ${formatSeconds(p50)} · p95 ${formatSeconds(p95)} (${alerts.toLocaleString('en-US')} ${alerts === 1 ? 'alert' : 'alerts'})`,
  noAlerts: 'No alerts in the last hour',
  watched: 'Contracts watched',
  readAt: (time: string) => `Figures as of ${time} UTC.`,
} as const;
