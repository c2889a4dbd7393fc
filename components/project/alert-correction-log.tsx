import { formatAlertFieldValue, type AlertCorrection } from '@/lib/alerts';
import { formatDate } from '@/lib/format';

/** An alert's corrections since it was published, oldest first: when, why, and each field before and after. */
export function AlertCorrectionLog({ corrections, headingId }: { corrections: AlertCorrection[]; headingId: string }) {
  if (corrections.length === 0) return <p className="text-sm text-muted-foreground">Not corrected since it was published.</p>;
  return (
    <ol className="grid gap-4" aria-labelledby={headingId}>
      {corrections.map((correction) => (
        <li key={correction.id} className="rounded-lg border p-4">
          <p className="text-sm">
            <time dateTime={correction.createdAt.toISOString()} className="tabular font-semibold">
              {formatDate(correction.createdAt)}
            </time>
            <span className="text-muted-foreground"> · Reason: </span>
            {correction.reason}
          </p>
          <table className="mt-3 w-full table-fixed text-left text-sm">
            <caption className="sr-only">What changed on {formatDate(correction.createdAt)}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="w-1/4 py-1 pr-3 font-medium">
                  Field
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Before
                </th>
                <th scope="col" className="py-1 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {correction.changes.map((change) => (
                <tr key={change.field} className="border-t align-top">
                  <th scope="row" className="py-1 pr-3 font-normal text-muted-foreground">
                    {change.label}
                  </th>
                  <td className="tabular py-1 pr-3 break-words whitespace-pre-line text-muted-foreground">
                    <del className="no-underline">{formatAlertFieldValue(change.field, change.before)}</del>
                  </td>
                  <td className="tabular py-1 break-words whitespace-pre-line">
                    <ins className="no-underline">{formatAlertFieldValue(change.field, change.after)}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ol>
  );
}
