import 'server-only';

import { evmChainName, shortAddress } from '@/lib/alerts';
import { CODE_MATCH_TEXTS, type CodeMatchStatus } from '@/lib/code-match';
import { formatDate } from '@/lib/format';
import { listCodeMatches } from '@/server/skynet/code-match';

const TONES: Record<CodeMatchStatus, string> = {
  matches: 'border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  mismatch: 'border-red-600/40 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  unknown: 'border-amber-600/40 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
};

/** Per contract: whether the deployed code is the audited code (#20); nothing when no contract is named or watched. */
export async function CodeMatchPanel({ projectId }: { projectId: string }) {
  const matches = await listCodeMatches(projectId);
  if (matches.length === 0) return null;
  return (
    <section aria-labelledby="code-match-heading" className="grid gap-2">
      <h3 id="code-match-heading" className="text-base font-semibold">
        {CODE_MATCH_TEXTS.title}
      </h3>
      <p className="text-sm text-muted-foreground">{CODE_MATCH_TEXTS.intro}</p>
      <ul className="grid gap-2">
        {matches.map((match) => (
          <li key={`${match.auditId}-${match.contract}-${match.chainId}-${match.address}`} className={`grid gap-1 rounded-lg border p-3 text-sm ${TONES[match.status]}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium break-all">
                {match.contract ? `${match.contract.split(':')[1]} ` : ''}
                <span title={match.address} className="font-mono">
                  {shortAddress(match.address)}
                </span>{' '}
                on {evmChainName(match.chainId)}
              </span>
              <time className="text-xs opacity-80" dateTime={match.checkedAt.toISOString()}>
                {CODE_MATCH_TEXTS.checkedAt} {formatDate(match.checkedAt)}
              </time>
            </div>
            <p>
              <strong>{CODE_MATCH_TEXTS.status[match.status]}</strong>
              {match.reason ? `: ${CODE_MATCH_TEXTS.reason[match.reason]}` : ''}
            </p>
            {match.detail ? <p className="text-xs break-words">{match.detail}</p> : null}
            {match.implementation ? (
              <p className="text-xs">
                {CODE_MATCH_TEXTS.implementation}: <span className="font-mono break-all">{match.implementation}</span>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
