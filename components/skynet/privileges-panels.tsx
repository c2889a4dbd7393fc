import { Address } from '@/components/skynet/address';
import { Badge } from '@/components/ui/badge';
import { evmChainName } from '@/lib/alerts';
import type { ProjectSkynetView, SkynetEvidence } from '@/lib/skynet/types';

import { Empty, NOT_MONITORED, SkynetPanel } from './skynet-panel';

// The project page's Skynet panels on privileges: what the watched contracts let someone do, who may, and the calls
// that used those powers.

type Props = { contracts: ProjectSkynetView['contracts']; explorerUrl: string | null };

const EVIDENCE_LABELS: Record<string, string> = { source: 'Source', probe: 'Probe', name: 'Name hint', owner: 'owner()', event: 'Event', erc165: 'ERC-165', erc1967: 'ERC-1967' };

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

/** Per watched contract, its privileged functions and the addresses holding them, each with its evidence. */
export function PrivilegesPanel({ contracts, explorerUrl }: Props) {
  return (
    <SkynetPanel title="Privileged functions and addresses" id="skynet-privileges">
      {contracts.length === 0 ? <Empty>{NOT_MONITORED}</Empty> : (
        <div className="grid gap-6">
          {contracts.map((contract) => (
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
  );
}

/**
 * The newest calls to privileged functions across the watched contracts, reverted ones included. One line per call:
 * on a phone the table scrolls sideways rather than wrapping times and addresses over three lines.
 */
export function PrivilegedTransactionsPanel({ contracts, explorerUrl }: Props) {
  return (
    <SkynetPanel title="Privileged transactions" id="skynet-privileged-tx">
      {contracts.length === 0 ? <Empty>{NOT_MONITORED}</Empty> : contracts.every((contract) => contract.transactions.length === 0) ? <Empty>No privileged calls recorded yet.</Empty> : (
        <div className="relative overflow-x-auto [contain:inline-size]">
          <table className="w-full text-sm whitespace-nowrap">
            <caption className="sr-only">The newest calls to privileged functions, reverted ones included</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-1 pr-4 font-medium">Time (UTC)</th>
                <th scope="col" className="py-1 pr-4 font-medium">Function</th>
                <th scope="col" className="py-1 pr-4 font-medium">From</th>
                <th scope="col" className="py-1 pr-4 font-medium">Status</th>
                <th scope="col" className="py-1 pr-4 font-medium">Transaction</th>
              </tr>
            </thead>
            <tbody>
              {contracts.flatMap((contract) =>
                contract.transactions.map((tx) => (
                  <tr key={tx.txHash} className="border-b last:border-0">
                    <td className="tabular py-1 pr-4">{new Date(tx.timestamp * 1000).toISOString().slice(0, 16).replace('T', ' ')}</td>
                    <td className="py-1 pr-4">
                      <code className="font-mono text-xs">{tx.functionName}</code>
                    </td>
                    <td className="py-1 pr-4">
                      <Address value={tx.from} explorerUrl={explorerUrl} />
                    </td>
                    <td className="py-1 pr-4">{tx.succeeded ? <Badge variant="success">Succeeded</Badge> : <Badge variant="destructive">Reverted</Badge>}</td>
                    <td className="py-1 pr-4">
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
  );
}
