import { formatDate, formatUsd } from '@/lib/format';
import { ALERT_DATABASE_MESSAGES as TEXT } from '@/lib/messages/alert-database';

import type { BreakdownChartBar } from '@/components/charts/charts';
import { LazyBreakdownChart } from '@/components/charts/lazy-charts';

type KnownAmount = { sum: number; known: number };
type Group = { key: string | null; count: number; lost: KnownAmount; returned: KnownAmount };
type Totals = {
  count: number;
  lost: KnownAmount;
  returned: KnownAmount;
  pricedOn: { first: string; last: string } | null;
  byYear: Group[];
  byTechnique: Group[];
  byChain: Group[];
};

/** Techniques and chains are many: the chart shows the biggest, the table every one. */
const CHART_GROUPS = 8;

/** A sum of known amounts: "Unknown" when none was known, never a made-up zero. */
const knownUsd = (amount: KnownAmount) => formatUsd(amount.known === 0 ? null : amount.sum);
const day = (value: string) => formatDate(`${value}T00:00:00Z`);

function Breakdown({ id, title, keyLabel, groups, layout }: { id: string; title: string; keyLabel: string; groups: Group[]; layout: 'columns' | 'rows' }) {
  const charted = layout === 'columns' ? [...groups].reverse() : groups.slice(0, CHART_GROUPS);
  const bars: BreakdownChartBar[] = charted.map((group) => ({ label: group.key ?? TEXT.unspecified, count: group.count, lost: group.lost.known === 0 ? null : group.lost.sum }));
  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {groups.length > 0 ? <LazyBreakdownChart bars={bars} layout={layout} /> : <p className="text-sm text-muted-foreground">{TEXT.empty}</p>}
      {layout === 'rows' && groups.length > CHART_GROUPS ? <p className="text-xs text-muted-foreground">{TEXT.chartShowsBiggest(CHART_GROUPS, groups.length)}</p> : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">{TEXT.showTable}</summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">{keyLabel}</th>
              <th scope="col" className="py-1 text-right font-medium">{TEXT.columns.count}</th>
              <th scope="col" className="py-1 text-right font-medium">{TEXT.columns.lost}</th>
              <th scope="col" className="py-1 text-right font-medium">{TEXT.columns.returned}</th>
            </tr>
          </thead>
          <tbody className="tabular">
            {groups.map((group) => (
              <tr key={group.key ?? ''} className="border-b last:border-0">
                <th scope="row" className="py-1 text-left font-normal">{group.key ?? TEXT.unspecified}</th>
                <td className="py-1 text-right">{group.count}</td>
                <td className="py-1 text-right">{knownUsd(group.lost)}</td>
                <td className="py-1 text-right">{knownUsd(group.returned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/** The filtered set's totals, and its breakdowns by year, technique and chain, each a chart with its table. */
export function AlertTotalsPanel({ totals }: { totals: Totals }) {
  return (
    <section aria-labelledby="alert-totals" className="grid gap-4 rounded-lg border p-4">
      <h2 id="alert-totals" className="text-lg font-semibold">
        {TEXT.totalsTitle}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted-foreground">{TEXT.totalsCount}</dt>
          <dd className="tabular text-2xl font-semibold">{totals.count}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">{TEXT.totalsLost}</dt>
          <dd className="tabular text-2xl font-semibold">{knownUsd(totals.lost)}</dd>
          <dd className="text-xs text-muted-foreground">{TEXT.knownAmounts(totals.lost.known, totals.count)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">{TEXT.totalsReturned}</dt>
          <dd className="tabular text-2xl font-semibold">{knownUsd(totals.returned)}</dd>
          <dd className="text-xs text-muted-foreground">{TEXT.knownAmounts(totals.returned.known, totals.count)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        {TEXT.retractedExcluded}
        {totals.pricedOn ? ` ${TEXT.pricedBetween(day(totals.pricedOn.first), day(totals.pricedOn.last))}` : ''}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <Breakdown id="alert-totals-year" title={TEXT.byYear} keyLabel={TEXT.columns.year} groups={totals.byYear} layout="columns" />
        <Breakdown id="alert-totals-technique" title={TEXT.byTechnique} keyLabel={TEXT.columns.technique} groups={totals.byTechnique} layout="rows" />
        <Breakdown id="alert-totals-chain" title={TEXT.byChain} keyLabel={TEXT.columns.chain} groups={totals.byChain} layout="rows" />
      </div>
    </section>
  );
}
