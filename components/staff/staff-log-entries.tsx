import { diffFields, fieldLabel } from '@/lib/staff-log';

/** An audit-log entry as the console shows it (the fields of server/staff/audit-log's StaffLogEntry it needs). */
export type LogEntryView = {
  id: number;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
};

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC' });

/** Who did what to which thing and when, with each changed field before and after. */
export function StaffLogEntries({ entries, showEntity = true, emptyText = 'No changes recorded yet.' }: { entries: LogEntryView[]; showEntity?: boolean; emptyText?: string }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ol className="grid gap-4" aria-label="Changes, newest first">
      {entries.map((entry) => {
        const changes = diffFields(entry.before, entry.after);
        return (
          <li key={entry.id} className="rounded-lg border p-4">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{entry.action}</span>
              {showEntity ? (
                <span className="text-muted-foreground">
                  on {entry.entityType} <span className="font-mono text-foreground">{entry.entityId}</span>
                </span>
              ) : null}
              <span className="text-muted-foreground">
                by <span className="text-foreground">{entry.actorEmail}</span>
              </span>
              <time dateTime={entry.createdAt.toISOString()} className="tabular text-muted-foreground">
                {when.format(entry.createdAt)} UTC
              </time>
            </p>
            {changes.length ? (
              <table className="mt-3 w-full table-fixed text-left text-sm">
                <caption className="sr-only">Fields changed</caption>
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className="w-1/4 py-1 pr-3 font-medium">Field</th>
                    <th scope="col" className="py-1 pr-3 font-medium">Before</th>
                    <th scope="col" className="py-1 font-medium">After</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={change.field} className="border-t align-top">
                      <th scope="row" className="py-1 pr-3 font-normal text-muted-foreground">{fieldLabel(change.field)}</th>
                      <td className="tabular py-1 pr-3 break-words whitespace-pre-wrap text-muted-foreground">
                        {change.before}
                      </td>
                      <td className="tabular py-1 break-words whitespace-pre-wrap">
                        {change.after}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">No field changed.</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
