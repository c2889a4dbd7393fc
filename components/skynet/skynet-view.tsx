import type { ReactNode } from 'react';

import { LazyDailyLine, LazyHorizontalBars } from '@/components/charts/lazy-charts';
import { Address } from '@/components/skynet/address';
import { Badge } from '@/components/ui/badge';
import { CardSection } from '@/components/ui/card-section';
import { evmChainName } from '@/lib/alerts';
import { SKYNET_MESSAGES } from '@/lib/messages/skynet';
import type { ProjectSkynetView, SkynetEvidence } from '@/lib/skynet/types';


export type SkynetViewProps = { explorerUrl: string | null; view: ProjectSkynetView };

const EVIDENCE_LABELS: Record<string, string> = { source: 'Source', probe: 'Probe', name: 'Name hint', owner: 'owner()', event: 'Event', erc165: 'ERC-165', erc1967: 'ERC-1967' };
const number = new Intl.NumberFormat('en-US');
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function SkynetPanel({ title, id, demo, children }: { title: string; id: string; demo?: boolean; children: ReactNode }) {
  return (
    <CardSection
      id={id}
      level="h3"
      headingClassName="mb-4 flex items-center gap-2 text-base"
      title={
        <>
          {title}
          {demo ? <Badge variant="warning">Demo data</Badge> : null}
        </>
      }
    >
      {children}
    </CardSection>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

const NOT_MONITORED = 'No contract of this project is monitored yet.';

type RankedRow = { label: ReactNode; key: string; value: number; note?: string };

/** A chart over a table holding the same figures, so every number is readable without the chart. */
function RankedFigures({ caption, rows, labelHeader, valueHeader }: { caption: string; rows: RankedRow[]; labelHeader: string; valueHeader: string }) {
  return (
    <div className="grid gap-3">
      <LazyHorizontalBars data={rows.map((row) => ({ label: row.key.length > 18 ? `${row.key.slice(0, 8)}…${row.key.slice(-4)}` : row.key, value: row.value }))} />
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              {labelHeader}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0">
              <td className="py-1">{row.label}</td>
              <td className="tabular py-1 text-right">
                {number.format(row.value)}
                {row.note ? <span className="ml-1 text-xs text-muted-foreground">{row.note}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A panel of ranked figures, or why there are none: no monitored contract, or nothing recorded yet. */
function RankedPanel({ title, id, monitored, emptyText, ...figures }: { title: string; id: string; monitored: boolean; emptyText: string; caption: string; rows: RankedRow[]; labelHeader: string; valueHeader: string }) {
  return (
    <SkynetPanel title={title} id={id}>
      {!monitored ? <Empty>{NOT_MONITORED}</Empty> : figures.rows.length === 0 ? <Empty>{emptyText}</Empty> : <RankedFigures {...figures} />}
    </SkynetPanel>
  );
}

function EvidenceList({ evidence }: { evidence: SkynetEvidence[] }) {
  return (
    <ul className="mt-1 grid gap-0.5 text-xs break-all text-muted-foreground">
      {evidence.map((item, index) => (
        <li key={index}>
          <span className="font-medium text-foreground">{EVIDENCE_LABELS[item.method] ?? item.method}:</span> {item.detail}
        </li>
      ))}
    </ul>
  );
}

/** The Skynet panels of a project page: activity, privileges and their use, listings and social activity. */
export function SkynetView({ view, explorerUrl }: SkynetViewProps) {
  const monitored = view.contracts.length > 0;
  const notMonitored = <Empty>{NOT_MONITORED}</Empty>;
  const exchanges = (view.exchanges?.detail as { exchanges?: string[] } | null)?.exchanges ?? [];
  const txDemo = view.transactionsSeries.some((point) => point.isDemo);
  return (
    <section aria-labelledby="skynet-heading" className="grid gap-6">
      <div>
        <h2 id="skynet-heading" className="text-lg font-semibold">
          Skynet monitoring
        </h2>
        <p className="text-sm text-muted-foreground">
          {monitored
            ? `On-chain activity of ${view.contracts.map((contract) => `${contract.address} (${evmChainName(contract.chainId)}${contract.cursorBlock !== null ? `, to block ${contract.cursorBlock}` : ''})`).join(', ')}.`
            : 'Skynet has no watched contract for this project; series marked demo are generated.'}
        </p>
        {monitored ? (
          <ul aria-label="Where the figures start" className="text-sm text-muted-foreground">
            {view.contracts.map((contract) => (
              <li key={`${contract.chainId}:${contract.address}`}>
                {view.contracts.length > 1 ? `${contract.address}: ` : null}
                {SKYNET_MESSAGES.figuresFrom(contract.fromBlock, contract.transactionsFromBlock)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <RankedPanel
          title="Top callers"
          id="skynet-callers"
          monitored={monitored}
          emptyText="No calls recorded yet."
          caption="Addresses by number of transactions sent to the project's contracts"
          labelHeader="Caller"
          valueHeader="Transactions"
          rows={view.topCallers.map((row) => ({ key: row.address, label: <Address value={row.address} explorerUrl={explorerUrl} />, value: row.calls }))}
        />
        <RankedPanel
          title="Top function calls"
          id="skynet-functions"
          monitored={monitored}
          emptyText="No calls recorded yet."
          caption="Functions by number of calls"
          labelHeader="Function"
          valueHeader="Calls"
          rows={view.topFunctions.map((row) => ({ key: row.name, label: <code className="font-mono text-xs">{row.name}</code>, value: row.calls, note: row.reverted ? `(${row.reverted} reverted)` : undefined }))}
        />
        <RankedPanel
          title="Top events"
          id="skynet-events"
          monitored={monitored}
          emptyText="No events recorded yet."
          caption="Events by number emitted"
          labelHeader="Event"
          valueHeader="Count"
          rows={view.topEvents.map((row) => ({ key: row.name, label: <code className="font-mono text-xs">{row.name}</code>, value: row.count }))}
        />
        <SkynetPanel title="Transactions per day" id="skynet-daily" demo={txDemo}>
          {view.transactionsSeries.length === 0 ? <Empty>No daily figures yet.</Empty> : (
            <DailyFigures caption="Transactions per day" points={view.transactionsSeries.map((point) => ({ date: day(point.timestamp), value: point.value }))} />
          )}
        </SkynetPanel>
      </div>
      <SkynetPanel title="Privileged functions and addresses" id="skynet-privileges">
        {!monitored ? notMonitored : (
          <div className="grid gap-6">
            {view.contracts.map((contract) => (
              <div key={`${contract.chainId}:${contract.address}`} className="grid gap-4">
                <p className="text-sm">
                  Contract <Address value={contract.address} explorerUrl={explorerUrl} /> on {evmChainName(contract.chainId)}
                </p>
                <div className="grid gap-4 lg:grid-cols-2">
                  <div>
                    <h4 className="mb-2 text-sm font-semibold">Privileged functions</h4>
                    {contract.functions.length === 0 ? <Empty>None found.</Empty> : (
                      <ul aria-label="Privileged functions" className="grid gap-2">
                        {contract.functions.map((fn) => (
                          <li key={fn.selector} className="rounded-md border p-2">
                            <code className="font-mono text-sm">{fn.signature}</code>
                            <EvidenceList evidence={fn.evidence} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div>
                    <h4 className="mb-2 text-sm font-semibold">Privileged addresses</h4>
                    {contract.holders.length === 0 ? <Empty>None found.</Empty> : (
                      <ul aria-label="Privileged addresses" className="grid gap-2">
                        {contract.holders.map((holder) => (
                          <li key={`${holder.holder}:${holder.privilege}`} className="rounded-md border p-2">
                            <div className="flex flex-wrap items-center gap-2 text-sm">
                              <span className="font-medium">{holder.label}</span>
                              <Address value={holder.holder} explorerUrl={explorerUrl} />
                              <Badge variant={holder.active ? 'success' : 'secondary'}>{holder.active ? 'Current' : holder.privilege === 'owner' ? 'Former' : 'Revoked'}</Badge>
                            </div>
                            <EvidenceList evidence={holder.evidence} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </div>
              </div>
            ))}
          </div>
        )}
      </SkynetPanel>
      <SkynetPanel title="Privileged transactions" id="skynet-privileged-tx">
        {!monitored ? notMonitored : view.contracts.every((contract) => contract.transactions.length === 0) ? <Empty>No privileged calls recorded yet.</Empty> : (
          <div className="overflow-x-auto [contain:inline-size]">
            <table className="w-full text-sm">
              <caption className="sr-only">The newest calls to privileged functions, reverted ones included</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">Time (UTC)</th>
                  <th scope="col" className="py-1 font-medium">Function</th>
                  <th scope="col" className="py-1 font-medium">From</th>
                  <th scope="col" className="py-1 font-medium">Status</th>
                  <th scope="col" className="py-1 font-medium">Transaction</th>
                </tr>
              </thead>
              <tbody>
                {view.contracts.flatMap((contract) =>
                  contract.transactions.map((tx) => (
                    <tr key={tx.txHash} className="border-b last:border-0">
                      <td className="tabular py-1">{new Date(tx.timestamp * 1000).toISOString().slice(0, 16).replace('T', ' ')}</td>
                      <td className="py-1">
                        <code className="font-mono text-xs">{tx.functionName}</code>
                      </td>
                      <td className="py-1">
                        <Address value={tx.from} explorerUrl={explorerUrl} />
                      </td>
                      <td className="py-1">{tx.succeeded ? <Badge variant="success">Succeeded</Badge> : <Badge variant="destructive">Reverted</Badge>}</td>
                      <td className="py-1">
                        {explorerUrl ? (
                          <a href={`${explorerUrl}/tx/${tx.txHash}`} target="_blank" rel="noopener noreferrer" className="font-mono text-xs hover:underline">
                            {tx.txHash.slice(0, 10)}…
                          </a>
                        ) : (
                          <code title={tx.txHash} className="font-mono text-xs">
                            {tx.txHash.slice(0, 10)}…
                          </code>
                        )}
                      </td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        )}
      </SkynetPanel>
      <div className="grid gap-6 xl:grid-cols-2">
        <SkynetPanel title="Exchange listings" id="skynet-exchanges" demo={view.exchanges?.isDemo}>
          {exchanges.length === 0 ? <Empty>No exchange listings recorded.</Empty> : (
            <ul aria-label="Exchanges" className="flex flex-wrap gap-2">
              {exchanges.map((name) => (
                <li key={name}>
                  <Badge variant="outline">{name}</Badge>
                </li>
              ))}
            </ul>
          )}
        </SkynetPanel>
        <SkynetPanel title="Social activity" id="skynet-social" demo={view.social.some((series) => series.points.some((point) => point.isDemo))}>
          {view.social.length === 0 ? <Empty>No social activity recorded.</Empty> : (
            <div className="grid gap-4">
              {view.social.map((series) => (
                <div key={series.type}>
                  <h4 className="mb-1 text-sm font-semibold capitalize">{series.type}</h4>
                  <DailyFigures caption={`${series.type} per day`} points={series.points.map((point) => ({ date: point.date, value: point.value }))} />
                </div>
              ))}
            </div>
          )}
        </SkynetPanel>
      </div>
    </section>
  );
}

/** A line over days, with the same figures in a collapsible table. */
function DailyFigures({ caption, points }: { caption: string; points: { date: string; value: number }[] }) {
  return (
    <div>
      <LazyDailyLine data={points.map((point) => ({ label: point.date.slice(5), value: point.value }))} />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show the figures</summary>
        <table className="mt-2 w-full">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">Date</th>
              <th scope="col" className="py-1 text-right font-medium">Value</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date} className="border-b last:border-0">
                <td className="tabular py-1">{point.date}</td>
                <td className="tabular py-1 text-right">{number.format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
