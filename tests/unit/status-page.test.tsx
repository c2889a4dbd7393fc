import { beforeEach, describe, expect, it, vi } from 'vitest';

import StatusPage, { metadata } from '@/app/(site)/status/page';
import { SKYNET_STATUS_TEXTS as TEXT } from '@/lib/messages/skynet-status';
import type { SkynetChainStatus, SkynetStatus } from '@/server/skynet/status';

import { createTestRoot } from '../support/render';

const status = vi.hoisted(() => ({ current: null as SkynetStatus | null }));
vi.mock('@/server/skynet/status', () => ({ readSkynetStatus: async () => status.current }));

const root = createTestRoot();

const base: SkynetChainStatus = {
  id: 1,
  name: 'Ethereum',
  blockTimeSeconds: 12,
  state: 'following',
  failure: null,
  headBlock: 1001,
  indexedBlock: 1000,
  blocksBehind: 1,
  secondsBehind: 12,
  indexedAt: new Date('2026-05-01T10:00:00Z'),
  secondsSinceIndexed: 1.6,
  alertsLastHour: 5,
  p50Seconds: 3,
  p95Seconds: 8.8,
  watchedContracts: 1234,
};

async function renderWith(chains: SkynetChainStatus[]) {
  status.current = { readAt: new Date('2026-05-01T10:00:02Z'), windowSeconds: 3600, chains };
  await root.render(await StatusPage());
  return root.container;
}

/** The card of the chain whose heading is `name`. */
const cardOf = (container: HTMLElement, name: string) => [...container.querySelectorAll('section[aria-labelledby]')].find((section) => section.querySelector('h2')?.textContent === name)!;

describe('the /status page', () => {
  beforeEach(() => {
    status.current = null;
  });

  it('is titled Skynet status', () => {
    expect(metadata.title).toBe('Skynet status');
  });

  it('says plainly that Skynet follows no chain when none is configured', async () => {
    const container = await renderWith([]);
    expect(container.querySelector('h1')?.textContent).toBe('Skynet status');
    expect(container.textContent).toContain(TEXT.noChains);
    expect(container.querySelectorAll('h2')).toHaveLength(0);
  });

  it('shows a following chain with its last block, its p50 and p95 with the alert count, and its contracts', async () => {
    const card = cardOf(await renderWith([base]), 'Ethereum');
    expect(card.textContent).toContain('Chain id 1');
    expect(card.textContent).toContain('Following the head');
    expect(card.textContent).toContain('#1,000, 1.6 s ago');
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe('2026-05-01T10:00:00.000Z');
    expect(card.textContent).toContain('p50 3.0 s · p95 8.8 s (5 alerts)');
    expect(card.textContent).toContain('1,234');
  });

  it('shows each other state in words: behind by N blocks with about how long, not started, failing without internals', async () => {
    const container = await renderWith([
      { ...base, id: 10, name: 'Optimism', state: 'behind', blocksBehind: 60, secondsBehind: 720 },
      { ...base, id: 8453, name: 'Base', state: 'not-started', headBlock: null, indexedBlock: null, indexedAt: null, secondsSinceIndexed: null, blocksBehind: null, secondsBehind: null, alertsLastHour: 0, p50Seconds: null, p95Seconds: null, watchedContracts: 0 },
      { ...base, id: 137, name: 'Polygon', state: 'failing', failure: 'timeout', alertsLastHour: 0, p50Seconds: null, p95Seconds: null },
    ]);
    expect(cardOf(container, 'Optimism').textContent).toContain('Behind by 60 blocks (~12 min)');
    const fresh = cardOf(container, 'Base').textContent;
    expect(fresh).toContain('Not started');
    expect(fresh).toContain(TEXT.noBlockYet);
    expect(fresh).toContain('No alerts in the last hour');
    const failing = cardOf(container, 'Polygon').textContent;
    expect(failing).toContain(TEXT.failures.timeout);
    expect(failing).toContain('No alerts in the last hour');
  });

  it('explains what the numbers measure, and when they were read', async () => {
    const text = (await renderWith([base])).textContent;
    expect(text).toContain('from the timestamp of the block');
    expect(text).toContain('watchers were notified');
    expect(text).toContain('Figures as of 1 May 2026, 10:00:02 UTC.');
  });
});
