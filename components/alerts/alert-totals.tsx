import { formatUsd } from '@/lib/format';
import { ALERT_DATABASE_MESSAGES as TEXT } from '@/lib/messages';

type KnownAmount = { sum: number; known: number };
type Group = { key: string | null; count: number; lost: KnownAmount; returned: KnownAmount };
type Totals = { count: number; lost: KnownAmount; returned: KnownAmount; byYear: Group[]; byTechnique: Group[]; byChain: Group[] };

/** A sum of known amounts: "Unknown" when none was known, never a made-up zero. */
const knownUsd = (amount: KnownAmount) => formatUsd(amount.known === 0 ? null : amount.sum);

function Breakdown({ title, keyLabel, groups }: { title: string; keyLabel: string; groups: Group[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left font-semibold">{title}</caption>
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
  );
}

/** The filtered set's totals and its breakdowns by year, technique and chain, as tables (charts later). */
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
        {TEXT.retractedExcluded} {TEXT.chartsLater}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <Breakdown title={TEXT.byYear} keyLabel={TEXT.columns.year} groups={totals.byYear} />
        <Breakdown title={TEXT.byTechnique} keyLabel={TEXT.columns.technique} groups={totals.byTechnique} />
        <Breakdown title={TEXT.byChain} keyLabel={TEXT.columns.chain} groups={totals.byChain} />
      </div>
    </section>
  );
}
