import { describe, expect, it, vi } from 'vitest';

import { AlertTotalsPanel } from '@/components/alerts/alert-totals';
import { ALERT_DATABASE_MESSAGES as TEXT } from '@/lib/messages/alert-database';

import { createTestRoot } from '../support/render';

// The chart library loads lazily in the browser; here a marker shows each chart and the bars it was given.
vi.mock('@/components/charts/lazy-charts', () => ({
  LazyBreakdownChart: ({ bars, layout }: { bars: { label: string; count: number; lost: number | null }[]; layout: string }) => (
    <div data-testid="chart" data-layout={layout}>
      {bars.map((bar) => `${bar.label}:${bar.count}:${bar.lost ?? 'unknown'}`).join('|')}
    </div>
  ),
}));

const root = createTestRoot();

const amount = (sum: number, known: number) => ({ sum, known });
const group = (key: string | null, count: number, lost: number | null) => ({ key, count, lost: lost === null ? amount(0, 0) : amount(lost, count), returned: amount(0, 0) });

const totals = {
  count: 12,
  lost: amount(3_500_000, 10),
  returned: amount(0, 0),
  pricedOn: { first: '2024-01-05', last: '2025-03-01' },
  byYear: [group('2025', 4, 1_000_000), group('2024', 8, 2_500_000)],
  byTechnique: Array.from({ length: 10 }, (_, index) => group(index === 9 ? null : `Technique ${index}`, 10 - index, index === 0 ? null : 1000)),
  byChain: [group('Ethereum', 12, 3_500_000)],
};

describe('the incident database totals', () => {
  it('charts each breakdown (years oldest first, the eight biggest techniques) and keeps every figure in a table', async () => {
    await root.render(<AlertTotalsPanel totals={totals} />);
    const charts = [...root.container.querySelectorAll('[data-testid="chart"]')];
    expect(charts.map((chart) => chart.getAttribute('data-layout'))).toEqual(['columns', 'rows', 'rows']);
    expect(charts[0].textContent).toBe('2024:8:2500000|2025:4:1000000');
    const techniqueBars = charts[1].textContent!.split('|');
    // An unknown loss reaches the chart as unknown, not as zero.
    expect(techniqueBars[0]).toBe('Technique 0:10:unknown');
    expect(techniqueBars).toHaveLength(8);
    expect(root.container.textContent).toContain(TEXT.chartShowsBiggest(8, 10));
    const tables = [...root.container.querySelectorAll('details table')];
    expect(tables).toHaveLength(3);
    expect(tables[1].querySelectorAll('tbody tr')).toHaveLength(10);
    expect(tables[1].textContent).toContain(TEXT.unspecified);
    expect([...root.container.querySelectorAll('summary')].map((summary) => summary.textContent)).toEqual([TEXT.showTable, TEXT.showTable, TEXT.showTable]);
  });

  it('states the pricing days of the summed amounts, and says unknown rather than zero', async () => {
    await root.render(<AlertTotalsPanel totals={totals} />);
    expect(root.container.textContent).toContain(TEXT.pricedBetween('5 Jan 2024', '1 Mar 2025'));
    expect(root.container.textContent).toContain(`${TEXT.totalsReturned}Unknown`);
    await root.render(<AlertTotalsPanel totals={{ ...totals, pricedOn: null }} />);
    expect(root.container.textContent).not.toContain('priced');
  });
});
