import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import { SKYNET_STATUS_TEXTS as TEXT } from '@/lib/messages/skynet-status';
import type { SkynetChainStatus } from '@/server/skynet/status';

/** The state in words, with the site's fixed tones (green following, amber behind, red failing); never colour alone. */
function StateBadge({ chain }: { chain: SkynetChainStatus }) {
  const [variant, label] =
    chain.state === 'following'
      ? (['success', TEXT.following] as const)
      : chain.state === 'behind'
        ? (['warning', TEXT.behind(chain.blocksBehind ?? 0, chain.secondsBehind ?? 0)] as const)
        : chain.state === 'failing'
          ? (['destructive', TEXT.failures[chain.failure ?? 'failed']] as const)
          : (['secondary', TEXT.notStarted] as const);
  return (
    <Badge variant={variant} className="text-sm whitespace-normal">
      {label}
    </Badge>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="tabular mt-1 font-medium">{children}</dd>
    </div>
  );
}

/** One chain's card: where Skynet is on it and how fast its alerts of the last hour were. */
export function ChainStatusCard({ chain }: { chain: SkynetChainStatus }) {
  const headingId = `chain-${chain.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {chain.name}
          </h2>
          <p className="tabular text-sm text-muted-foreground">{TEXT.chainId(chain.id)}</p>
        </div>
        <StateBadge chain={chain} />
      </div>
      <dl className="mt-5 grid gap-4 sm:grid-cols-3">
        <Figure term={TEXT.lastIndexed}>
          {chain.indexedBlock === null ? (
            TEXT.noBlockYet
          ) : chain.indexedAt ? (
            <time dateTime={chain.indexedAt.toISOString()} title={chain.indexedAt.toISOString()}>
              {TEXT.lastIndexedValue(chain.indexedBlock, chain.secondsSinceIndexed)}
            </time>
          ) : (
            TEXT.lastIndexedValue(chain.indexedBlock, null)
          )}
        </Figure>
        <Figure term={TEXT.latency}>
          {chain.alertsLastHour > 0 && chain.p50Seconds !== null && chain.p95Seconds !== null
            ? TEXT.latencyValue(chain.p50Seconds, chain.p95Seconds, chain.alertsLastHour)
            : TEXT.noAlerts}
        </Figure>
        <Figure term={TEXT.watched}>{chain.watchedContracts.toLocaleString('en-US')}</Figure>
      </dl>
    </section>
  );
}
