import 'server-only';

import fs from 'node:fs';
import { parseArgs } from 'node:util';

import { closeDatabase, getDb } from './db/client';
import { DataDirLockedError } from './db/lock';
import { prepareDatabase } from './db/prepare';
import { importIncidents, type IncidentImportReport } from './incident-record';
import { RowFileError } from './skynet/row-file';
import { CLI_ACTOR } from './staff/audit-log';

const USAGE = `Usage: npm run import -- <what> <file> [--dry-run]
  incidents FILE.json|FILE.csv   the public record of incidents (content/incidents/README.md says the format):
                                 every row checked first, a bad row refuses the file; re-imports update by the
                                 source's own id; --dry-run prints what would change and writes nothing
Works on PostgreSQL (DATABASE_URL) at any time, and on the embedded database while the server is stopped.`;

type Output = { log(line: string): void; error(line: string): void };
const consoleOutput: Output = { log: (line) => console.log(line), error: (line) => console.error(line) };

class UsageError extends Error {}

/** The report as lines: counts first, then each refusal, each unsure match and (dry run) each change. */
export function importReportLines(report: IncidentImportReport): string[] {
  const lines: string[] = [];
  if (report.refused.length) {
    lines.push(`refused: ${report.refused.length} row(s) with problems; nothing was imported`);
    for (const entry of report.refused) lines.push(`row ${entry.row}: ${entry.reasons.join('; ')}`);
    return lines;
  }
  const verb = report.dryRun ? 'would add' : 'added';
  lines.push(`${verb} ${report.added.length}, ${report.dryRun ? 'would update' : 'updated'} ${report.updated.length}, unchanged ${report.unchanged}${report.dryRun ? '' : `, watchers told of ${report.notified}`}`);
  lines.push(`sources: ${report.sources.map((source) => `${source.name} (${source.licence}) ${source.url}`).join('; ')}`);
  if (report.dryRun) {
    for (const change of report.added) lines.push(`+ ${change.date} ${change.protocol} (${change.sourceId})${change.projectId ? ` → ${change.projectId}` : ''}`);
    for (const change of report.updated) lines.push(`~ ${change.date} ${change.protocol} (${change.sourceId}): ${change.fields?.join(', ')}`);
  }
  if (report.unsure.length) {
    lines.push(`unsure project matches, left unlinked for staff to review: ${report.unsure.length}`);
    for (const entry of report.unsure.slice(0, 50)) lines.push(`? ${entry.protocol} (${entry.sourceId}): ${entry.candidates.join(', ')}`);
  }
  return lines;
}

/** Runs one command of `npm run import`; returns the process exit code (2: refused or a usage error). */
export async function runImportCli(argv: string[], out: Output = consoleOutput): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
    const [what, file] = positionals;
    if (what !== 'incidents') throw new UsageError(what ? `Unknown import ${what}.` : 'Say what to import.');
    if (!file) throw new UsageError('incidents needs a FILE.');
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await prepareDatabase();
    const report = await importIncidents(await getDb(), { text, fileName: file, dryRun: values['dry-run'], actor: CLI_ACTOR });
    for (const line of importReportLines(report)) (report.refused.length ? out.error : out.log)(line);
    return report.refused.length ? 2 : 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof RowFileError || (error instanceof TypeError && /parseArgs|option/i.test(error.message))) {
      out.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DataDirLockedError) {
      out.error(`${error.message}\nStop the server to import on the embedded database, or use the staff console's import.`);
      return 3;
    }
    out.error(`import: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await closeDatabase();
  }
}
