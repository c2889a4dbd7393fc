import { FINDING_SEVERITY_LABELS } from '@/lib/findings';
import { formatDate } from '@/lib/format';
import type { AuditSummary, Findings } from '@/lib/projects';
import { FINDING_STATUS_LABELS } from '@/lib/staff';
import { cn } from '@/lib/utils';

/** Severity colours, most severe red, always next to the severity's name. */
const SEVERITY_TONES: Record<keyof Findings, string> = {
  critical: 'bg-red-100 text-red-900',
  major: 'bg-orange-100 text-orange-900',
  medium: 'bg-amber-100 text-amber-900',
  minor: 'bg-sky-100 text-sky-900',
  informational: 'bg-slate-100 text-slate-800',
};

/** "5 Jan 2026 to 20 Jan 2026", or what is known of it. */
function auditPeriod(startedOn: string | null, endedOn: string | null): string | null {
  if (startedOn && endedOn) return `${formatDate(startedOn)} to ${formatDate(endedOn)}`;
  if (startedOn) return `from ${formatDate(startedOn)}`;
  if (endedOn) return `until ${formatDate(endedOn)}`;
  return null;
}

/** A project's published audits with findings by severity and how many were resolved, each finding, and the report. */
export function AuditsList({ audits }: { audits: AuditSummary[] }) {
  if (audits.length === 0) return <p className="text-muted-foreground">No published audit yet.</p>;
  return (
    <ol className="grid gap-4">
      {audits.map((audit) => {
        const period = auditPeriod(audit.startedOn, audit.endedOn);
        return (
          <li key={audit.id} className="rounded-lg border p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">{audit.auditor}</h3>
              <p className="text-sm text-muted-foreground">
                <time dateTime={audit.publishedAt.toISOString()}>{formatDate(audit.publishedAt)}</time>
                {audit.isDemo ? ' · demo' : ''}
              </p>
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{audit.scope}</p>
            {period || audit.sourceRef ? (
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                {period ? (
                  <>
                    <dt className="text-muted-foreground">Audit period</dt>
                    <dd className="tabular">{period}</dd>
                  </>
                ) : null}
                {audit.sourceRef ? (
                  <>
                    <dt className="text-muted-foreground">Audited source</dt>
                    <dd className="font-mono text-xs break-all">{audit.sourceRef}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            <table className="tabular mt-3 w-full text-sm">
              <caption className="sr-only">Findings by severity</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1 font-medium">Severity</th>
                  <th className="py-1 text-right font-medium">Found</th>
                  <th className="py-1 text-right font-medium">Resolved</th>
                </tr>
              </thead>
              <tbody>
                {(Object.entries(FINDING_SEVERITY_LABELS) as [keyof Findings, string][]).map(([severity, label]) => (
                  <tr key={severity} className="border-t">
                    <td className="py-1">{label}</td>
                    <td className="py-1 text-right">{audit.findings[severity]?.total ?? 0}</td>
                    <td className="py-1 text-right">{audit.findings[severity]?.resolved ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {audit.findingItems.length ? (
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer font-medium text-primary">
                  {audit.findingItems.length === 1 ? 'The finding' : `All ${audit.findingItems.length} findings`}
                </summary>
                <ul className="mt-2 divide-y rounded-md border">
                  {audit.findingItems.map((finding, index) => (
                    <li key={index} className="flex flex-wrap items-center gap-2 px-3 py-2">
                      <span className={cn('rounded px-1.5 py-0.5 text-xs font-semibold', SEVERITY_TONES[finding.severity])}>{FINDING_SEVERITY_LABELS[finding.severity]}</span>
                      <span className="min-w-0 flex-1">{finding.title}</span>
                      <span className="text-xs text-muted-foreground">{FINDING_STATUS_LABELS[finding.status]}</span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {audit.reportUrl ? (
              <a href={audit.reportUrl} className="mt-3 inline-block text-sm font-medium text-primary underline" target="_blank" rel="noopener noreferrer">
                {audit.reportUrl.toLowerCase().endsWith('.pdf') ? 'Read the report (PDF)' : 'Read the report'}
              </a>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
