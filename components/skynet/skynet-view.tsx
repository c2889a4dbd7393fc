import { Address } from '@/components/skynet/address';
import { Badge } from '@/components/ui/badge';
import { evmChainName } from '@/lib/alerts';
import { SKYNET_MESSAGES } from '@/lib/messages/skynet';
import type { ProjectSkynetView } from '@/lib/skynet/types';

import { PrivilegedTransactionsPanel, PrivilegesPanel } from './privileges-panels';
import { DailyFigures, Empty, RankedPanel, SkynetPanel } from './skynet-panel';

export type SkynetViewProps = { explorerUrl: string | null; view: ProjectSkynetView };

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The Skynet panels of a project page: activity, privileges and their use, listings and social activity. */
export function SkynetView({ view, explorerUrl }: SkynetViewProps) {
  const monitored = view.contracts.length > 0;
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
      <PrivilegesPanel contracts={view.contracts} explorerUrl={explorerUrl} />
      <PrivilegedTransactionsPanel contracts={view.contracts} explorerUrl={explorerUrl} />
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
