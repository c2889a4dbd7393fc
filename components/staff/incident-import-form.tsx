'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ClientError, http, HttpError } from '@/lib/http';

/** What the import answers (server/incident-record.ts IncidentImportReport), as the console shows it. */
type Report = {
  dryRun: boolean;
  sources: { name: string; licence: string; url: string }[];
  added: { sourceId: string; protocol: string; date: string; projectId: string | null }[];
  updated: { sourceId: string; protocol: string; date: string; fields?: string[] }[];
  unchanged: number;
  refused: { row: number; reasons: string[] }[];
  unsure: { sourceId: string; protocol: string; candidates: string[] }[];
  notified: number;
};

const SHOWN = 100;

/**
 * The console's import of the incident record: pick a file, preview what it would change (nothing is written), then
 * import exactly that file. A file with a bad row is refused whole, each reason listed.
 */
export function IncidentImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Report | null>(null);
  const [result, setResult] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const report = await http.upload<Report>('/api/staff/incident-imports', file, { query: { name: file.name, dryRun }, headers: { 'content-type': 'text/plain;charset=utf-8' } });
      if (dryRun) setPreview(report);
      else setResult(report);
    } catch (caught) {
      if (caught instanceof ClientError && caught.status === 422 && caught.body) {
        if (dryRun) setPreview(caught.body as Report);
        else setResult(caught.body as Report);
      } else setError(caught instanceof HttpError ? caught.message : 'The import could not be sent; try again.');
    } finally {
      setBusy(false);
    }
  }

  const shown = result ?? preview;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="incident-file">Incident file (.json or .csv)</Label>
        <Input
          id="incident-file"
          type="file"
          accept=".json,.csv,application/json,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setPreview(null);
            setResult(null);
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={!file || busy} onClick={() => send(true)}>
          Preview
        </Button>
        <Button type="button" disabled={!file || busy || !preview || preview.refused.length > 0 || result !== null} onClick={() => send(false)}>
          Import
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {shown ? <ImportReport report={shown} /> : null}
    </div>
  );
}

function ImportReport({ report }: { report: Report }) {
  if (report.refused.length) {
    return (
      <section role="status" aria-label="Refused" className="grid gap-2 text-sm">
        <p className="font-medium text-destructive">Refused: {report.refused.length} row(s) with problems. Nothing was imported.</p>
        <ul className="grid gap-1">
          {report.refused.slice(0, SHOWN).map((entry) => (
            <li key={entry.row}>
              Row {entry.row}: {entry.reasons.join('; ')}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const verb = report.dryRun ? 'Would add' : 'Added';
  return (
    <section role="status" aria-label={report.dryRun ? 'Preview' : 'Imported'} className="grid gap-3 text-sm">
      <p className="font-medium">
        {verb} {report.added.length}, {report.dryRun ? 'would update' : 'updated'} {report.updated.length}, unchanged {report.unchanged}
        {report.dryRun ? '. Nothing is written until you import.' : `. Watchers told of ${report.notified}.`}
      </p>
      <p className="text-muted-foreground">Sources: {report.sources.map((source) => `${source.name} (${source.licence})`).join(', ')}</p>
      {report.added.length ? (
        <details>
          <summary>New incidents</summary>
          <ul className="mt-2 grid gap-1">
            {report.added.slice(0, SHOWN).map((change) => (
              <li key={change.sourceId}>
                {change.date} {change.protocol}
                {change.projectId ? ` → ${change.projectId}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.updated.length ? (
        <details>
          <summary>Changed incidents</summary>
          <ul className="mt-2 grid gap-1">
            {report.updated.slice(0, SHOWN).map((change) => (
              <li key={change.sourceId}>
                {change.date} {change.protocol}: {change.fields?.join(', ')}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.unsure.length ? (
        <details>
          <summary>Unsure project matches, left unlinked ({report.unsure.length})</summary>
          <p className="mt-2 text-muted-foreground">Link one from the incident’s own page in the console (a correction, with its reason) when the project is the same.</p>
          <ul className="mt-2 grid gap-1">
            {report.unsure.slice(0, SHOWN).map((entry) => (
              <li key={entry.sourceId}>
                {entry.protocol}: maybe {entry.candidates.join(', ')}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
