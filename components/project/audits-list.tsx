import { FINDING_SEVERITY_LABELS } from '@/lib/findings';
import { formatDate } from '@/lib/format';
import type { AuditSummary, Findings } from '@/lib/projects';

/** A project's audits with findings by severity and how many were resolved. */
export function AuditsList({ audits }: { audits: AuditSummary[] }) {
  if (audits.length === 0) return <p className="text-muted-foreground">No published audit yet.</p>;
  return (
    <ol className="grid gap-4">
      {audits.map((audit) => (
        <li key={audit.id} className="rounded-lg border p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">{audit.auditor}</h3>
            <p className="text-sm text-muted-foreground">
              <time dateTime={audit.publishedAt.toISOString()}>{formatDate(audit.publishedAt)}</time>
              {audit.isDemo ? ' · demo' : ''}
            </p>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{audit.scope}</p>
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
          {audit.reportUrl ? (
            <a href={audit.reportUrl} className="mt-3 inline-block text-sm font-medium text-primary underline" target="_blank" rel="noopener noreferrer">
              Read the report
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
