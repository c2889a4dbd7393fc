import { describe, expect, it } from 'vitest';

import { AlertsList } from '@/components/project/alerts-list';
import type { AlertSummary } from '@/lib/alerts';
import { ALERT_DATABASE_MESSAGES } from '@/lib/messages/alert-database';
import { alertDatabaseHref, alertFiltersToSearchParams, EMPTY_ALERT_FILTERS, parseAlertFilters, type AlertFilters } from '@/lib/schemas/alert-filters';
import { createTestRoot } from '@/tests/support/render';

const testRoot = createTestRoot();

const every: AlertFilters = {
  type: 'exploit',
  technique: 'Reentrancy',
  chain: 'Ethereum',
  category: 'DeFi',
  project: 'uniswap',
  from: '2021-01-01',
  to: '2024-12-31',
  minLost: 1000,
  maxLost: 2500000.5,
  origin: 'staff',
  returned: 'yes',
  q: 'UNI',
  page: 3,
};

describe('the incident database filters', () => {
  it('parse every filter from the URL', () => {
    const params = new URLSearchParams('type=exploit&technique=Reentrancy&chain=Ethereum&category=DeFi&project=uniswap&from=2021-01-01&to=2024-12-31&minLost=1000&maxLost=2500000.5&origin=staff&returned=yes&q=UNI&page=3');
    expect(parseAlertFilters(params)).toEqual({ filters: every, ignored: [] });
  });

  it('read a page searchParams object the same way, first value of a repeated one, blanks as unset', () => {
    const { filters, ignored } = parseAlertFilters({ origin: ['automatic', 'staff'], returned: 'no', chain: '  ', q: '' });
    expect(ignored).toEqual([]);
    expect(filters).toEqual({ ...EMPTY_ALERT_FILTERS, origin: 'automatic', returned: 'no' });
  });

  it.each([
    ['type', 'nonsense'],
    ['origin', 'robot'],
    ['returned', 'maybe'],
    ['from', '2024-02-30'],
    ['to', '31/12/2024'],
    ['minLost', '-5'],
    ['maxLost', 'lots'],
    ['page', '0'],
    ['page', '2.5'],
    ['page', '99999999'],
    ['project', 'Not A Slug!'],
    ['q', 'x'.repeat(101)],
  ])('drop a bad %s (%s) with a notice naming it, keeping the other filters', (key, value) => {
    const { filters, ignored } = parseAlertFilters(new URLSearchParams({ [key]: value, chain: 'Base' }));
    expect(filters).toEqual({ ...EMPTY_ALERT_FILTERS, chain: 'Base' });
    expect(ignored).toEqual([ALERT_DATABASE_MESSAGES.ignoredFilter(key, value)]);
    expect(ALERT_DATABASE_MESSAGES.ignoredNotice(ignored)).toMatch(new RegExp(`^Ignored: ${key}=`));
  });

  it('drop the upper end of a reversed date or amount range with a notice', () => {
    const { filters, ignored } = parseAlertFilters(new URLSearchParams('from=2024-05-01&to=2023-01-01&minLost=500&maxLost=100'));
    expect(filters).toEqual({ ...EMPTY_ALERT_FILTERS, from: '2024-05-01', minLost: 500 });
    expect(ignored).toEqual([ALERT_DATABASE_MESSAGES.ignoredRange('to', '2023-01-01', 'from'), ALERT_DATABASE_MESSAGES.ignoredRange('maxLost', '100', 'minLost')]);
  });

  it('round-trip through the URL: filters → search params → filters', () => {
    expect(parseAlertFilters(alertFiltersToSearchParams(every))).toEqual({ filters: every, ignored: [] });
    for (const key of Object.keys(every) as (keyof AlertFilters)[]) {
      const one = { ...EMPTY_ALERT_FILTERS, [key]: every[key] };
      expect(parseAlertFilters(new URL(`http://x${alertDatabaseHref(one)}`).searchParams).filters).toEqual(one);
    }
  });

  it('leave defaults out of links', () => {
    expect(alertDatabaseHref(EMPTY_ALERT_FILTERS)).toBe('/alerts');
    expect(alertDatabaseHref({ project: 'aave' })).toBe('/alerts?project=aave');
  });
});

const summary: AlertSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  projectId: 'aave',
  projectName: 'Aave',
  projectLogo: null,
  type: 'exploit',
  title: 'Oracle exploit',
  occurredAt: new Date('2026-11-01T00:00:00Z'),
  amountLostUsd: 1000,
  chain: 'Ethereum',
  confidence: 'high',
  isDemo: false,
  origin: 'staff',
  retractedAt: null,
  retractionReason: null,
};

describe('alert lists link to the incident database', () => {
  it("a project's list links to that project's alerts there", async () => {
    await testRoot.render(<AlertsList alerts={[summary]} />);
    const link = [...testRoot.container.querySelectorAll('a')].find((anchor) => anchor.textContent?.includes(ALERT_DATABASE_MESSAGES.allForProject('Aave')));
    expect(link?.getAttribute('href')).toBe('/alerts?project=aave');
    expect(parseAlertFilters(new URL(`http://x${link!.getAttribute('href')}`).searchParams).filters).toEqual({ ...EMPTY_ALERT_FILTERS, project: 'aave' });
  });

  it('the list of every project (the home page) links to all alerts', async () => {
    await testRoot.render(<AlertsList alerts={[summary]} showProject />);
    const link = [...testRoot.container.querySelectorAll('a')].find((anchor) => anchor.textContent?.includes(ALERT_DATABASE_MESSAGES.databaseLink));
    expect(link?.getAttribute('href')).toBe('/alerts');
  });
});
