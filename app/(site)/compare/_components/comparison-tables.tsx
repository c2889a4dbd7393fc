import type { ReactNode } from 'react';

import { FINDING_SEVERITY_LABELS } from '@/lib/findings';
import { formatDate, formatPercentage } from '@/lib/format';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { formatScore } from '@/lib/score';
import type { ComparedProject } from '@/server/compare';

const ROWS = OPEN_DATA_TEXTS.compareRows;
const shortAddress = (address: string) => (address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-4)}` : address);
/** Lists on the comparison stop here; the project page has them all. */
const LIST_LIMIT = 6;

function openFindings(project: ComparedProject): string {
  const { critical, major, ...rest } = project.audits.openFindings;
  const other = Object.values(rest).reduce((sum, count) => sum + count, 0);
  return `${critical} / ${major} / ${other}`;
}

function Limited({ items, empty }: { items: ReactNode[]; empty: string }) {
  if (items.length === 0) return <span className="text-muted-foreground">{empty}</span>;
  return (
    <ul className="grid gap-0.5 text-xs">
      {items.slice(0, LIST_LIMIT)}
      {items.length > LIST_LIMIT ? <li className="text-muted-foreground">and {items.length - LIST_LIMIT} more</li> : null}
    </ul>
  );
}

/** The comparison's figures as one table: a row per figure, a column per project. */
export function ComparisonTables({ projects }: { projects: ComparedProject[] }) {
  const rows: { label: string; cell: (project: ComparedProject) => ReactNode }[] = [
    { label: ROWS.score, cell: (project) => (project.score === null ? OPEN_DATA_TEXTS.notAssessed : formatScore(project.score)) },
    { label: ROWS.grade, cell: (project) => project.grade ?? OPEN_DATA_TEXTS.notAssessed },
    { label: ROWS.methodology, cell: (project) => project.methodologyVersion ?? '—' },
    { label: ROWS.audits, cell: (project) => project.audits.count },
    { label: ROWS.latestAudit, cell: (project) => (project.audits.latestAt ? formatDate(project.audits.latestAt) : OPEN_DATA_TEXTS.none) },
    { label: ROWS.openFindings, cell: openFindings },
    { label: ROWS.alerts90, cell: (project) => project.recentAlerts },
    {
      label: ROWS.privilegedAddresses,
      cell: (project) => (
        <>
          <span className="font-medium">{project.privileged.addresses.length}</span>
          <Limited
            empty=""
            items={project.privileged.addresses.map((row) => (
              <li key={`${row.chainId}:${row.holder}`}>
                {row.label} <code title={row.holder}>{shortAddress(row.holder)}</code>
              </li>
            ))}
          />
        </>
      ),
    },
    {
      label: ROWS.privilegedFunctions,
      cell: (project) => (
        <>
          <span className="font-medium">{project.privileged.functions.length}</span>
          <Limited
            empty=""
            items={project.privileged.functions.map((row) => (
              <li key={`${row.chainId}:${row.signature}`}>
                <code>{row.signature}</code>
              </li>
            ))}
          />
        </>
      ),
    },
    { label: ROWS.votes, cell: (project) => `${formatPercentage(project.votes.yesPercentage)}${project.votes.total ? ` of ${project.votes.total}` : ''}` },
  ];
  return (
    <section aria-labelledby="figures-heading" className="grid gap-4 rounded-xl border p-6">
      <h2 id="figures-heading" className="text-lg font-semibold">
        Side by side
      </h2>
      <p className="text-sm text-muted-foreground">
        Open findings count {Object.values(FINDING_SEVERITY_LABELS).slice(2).join(', ').toLowerCase()} as “other”. Retracted alerts are not counted.
      </p>
      <div className="relative overflow-x-auto">
        <table className="tabular w-full text-sm">
          <caption className="sr-only">The compared projects’ figures</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Figure
              </th>
              {projects.map((project) => (
                <th key={project.id} scope="col" className="px-3 py-2 font-medium">
                  {project.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t align-top">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  {row.label}
                </th>
                {projects.map((project) => (
                  <td key={project.id} className="px-3 py-2">
                    {row.cell(project)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
