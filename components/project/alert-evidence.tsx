import { ExternalLink } from 'lucide';
import type { ReactNode } from 'react';

import { Icon } from '@/components/ui/icon';
import { ALERT_RULE_LABELS, AUTOMATIC_ALERT_TEXTS, evmChainName, type AlertEvidence } from '@/lib/alerts';

function ExplorerLink({ explorerUrl, kind, value }: { explorerUrl: string | null; kind: 'tx' | 'block' | 'address'; value: string }) {
  if (!explorerUrl) return <span className="font-mono text-xs break-all">{value}</span>;
  return (
    <a href={`${explorerUrl}/${kind}/${value}`} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-mono text-xs break-all text-primary underline underline-offset-4">
      {value} <Icon node={ExternalLink} className="size-3 shrink-0" />
    </a>
  );
}

const isAddress = (value: string) => /^0x[0-9a-f]{40}$/i.test(value);

/**
 * What an automatic alert rests on, as a definition list: the rule, the chain, block, transaction and log, and the
 * decoded values (addresses linked to the explorer when EXPLORER_URL is set). A score drop shows its before and after.
 */
export function AlertEvidencePanel({ evidence, explorerUrl }: { evidence: AlertEvidence; explorerUrl: string | null }) {
  const rows: [string, ReactNode][] = [[AUTOMATIC_ALERT_TEXTS.rule, ALERT_RULE_LABELS[evidence.rule] ?? evidence.rule]];
  if (evidence.chainId !== undefined) rows.push([AUTOMATIC_ALERT_TEXTS.chain, `${evmChainName(evidence.chainId)} (chain id ${evidence.chainId})`]);
  if (evidence.contract) rows.push([AUTOMATIC_ALERT_TEXTS.contract, <ExplorerLink key="contract" explorerUrl={explorerUrl} kind="address" value={evidence.contract} />]);
  if (evidence.blockNumber !== undefined) rows.push([AUTOMATIC_ALERT_TEXTS.block, <ExplorerLink key="block" explorerUrl={explorerUrl} kind="block" value={String(evidence.blockNumber)} />]);
  if (evidence.blockHash) rows.push([AUTOMATIC_ALERT_TEXTS.blockHash, <span key="hash" className="font-mono text-xs break-all">{evidence.blockHash}</span>]);
  if (evidence.txHash) rows.push([AUTOMATIC_ALERT_TEXTS.transaction, <ExplorerLink key="tx" explorerUrl={explorerUrl} kind="tx" value={evidence.txHash} />]);
  if (evidence.logIndex !== undefined) rows.push([AUTOMATIC_ALERT_TEXTS.log, String(evidence.logIndex)]);
  if (evidence.event) rows.push([AUTOMATIC_ALERT_TEXTS.event, evidence.event]);
  if (evidence.functionName) rows.push([AUTOMATIC_ALERT_TEXTS.functionName, evidence.functionName]);
  const values = Object.entries(evidence.values ?? {});
  return (
    <>
      <p className="mt-1 text-sm text-muted-foreground">{evidence.rule === 'score-drop' ? AUTOMATIC_ALERT_TEXTS.scoreEvidenceIntro : AUTOMATIC_ALERT_TEXTS.evidenceIntro}</p>
      <dl className="mt-4 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular min-w-0 font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {values.length ? (
        <>
          <h3 className="mt-5 text-sm font-semibold">{AUTOMATIC_ALERT_TEXTS.values}</h3>
          <dl className="mt-2 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            {values.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-mono text-xs text-muted-foreground">{name}</dt>
                <dd className="tabular min-w-0 font-medium break-all">{isAddress(value) ? <ExplorerLink explorerUrl={explorerUrl} kind="address" value={value} /> : value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </>
  );
}
