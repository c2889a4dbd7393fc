import { ExternalLink } from 'lucide';

import { Icon } from '@/components/ui/icon';
import { INCIDENT_TEXTS as TEXT, incidentExplorerHref, type IncidentFacts } from '@/lib/incidents';

function MaybeLink({ href, children }: { href: string | null; children: React.ReactNode }) {
  if (!href) return <span className="font-mono break-all">{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 font-mono break-all text-primary underline underline-offset-4">
      {children} <Icon node={ExternalLink} className="size-3 shrink-0" />
    </a>
  );
}

function Addresses({ label, addresses, chain }: { label: string; addresses: string[]; chain: string }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>
        {addresses.length ? (
          <ul className="grid gap-1">
            {addresses.map((address) => (
              <li key={address}>
                <MaybeLink href={incidentExplorerHref(chain, 'address', address)}>{address}</MaybeLink>
              </li>
            ))}
          </ul>
        ) : (
          TEXT.none
        )}
      </dd>
    </div>
  );
}

/** What an incident of the public record adds to its alert: the protocol, chains, addresses, transactions, and whose record it is (its links are the alert's sources). */
export function IncidentFactsPanel({ facts }: { facts: IncidentFacts }) {
  const chain = facts.chains[0];
  return (
    <>
      <p className="mt-1 text-sm text-muted-foreground">{TEXT.intro}</p>
      <dl className="mt-4 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-muted-foreground">{TEXT.protocol}</dt>
        <dd className="font-medium">{facts.protocol}</dd>
        <dt className="text-muted-foreground">{TEXT.chains}</dt>
        <dd>{facts.chains.join(', ')}</dd>
        {facts.lossNative.length ? (
          <>
            <dt className="text-muted-foreground">{TEXT.lossInTokens}</dt>
            <dd className="tabular">{facts.lossNative.map((entry) => `${entry.amount} ${entry.asset}`).join(' + ')}</dd>
          </>
        ) : null}
        {facts.sourceTechnique ? (
          <>
            <dt className="text-muted-foreground">{TEXT.sourceTechnique}</dt>
            <dd>{facts.sourceTechnique}</dd>
          </>
        ) : null}
        <Addresses label={TEXT.attackers} addresses={facts.attackers} chain={chain} />
        <Addresses label={TEXT.attackContracts} addresses={facts.attackContracts} chain={chain} />
        <Addresses label={TEXT.victims} addresses={facts.victims} chain={chain} />
        <dt className="text-muted-foreground">{TEXT.attackTransactions}</dt>
        <dd>
          {facts.attackTransactions.length ? (
            <ul className="grid gap-1">
              {facts.attackTransactions.map((transaction) => (
                <li key={`${transaction.chain}:${transaction.hash}`}>
                  <span className="text-muted-foreground">{transaction.chain}: </span>
                  <MaybeLink href={incidentExplorerHref(transaction.chain, 'tx', transaction.hash)}>{transaction.hash}</MaybeLink>
                </li>
              ))}
            </ul>
          ) : (
            TEXT.none
          )}
        </dd>
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">
        {TEXT.credit(facts.source.name, facts.source.licence)}{' '}
        <a href={facts.source.url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
          {facts.source.url}
        </a>
      </p>
    </>
  );
}
