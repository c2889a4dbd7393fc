import 'server-only';

import { isDeepStrictEqual } from 'node:util';

import { inArray, sql } from 'drizzle-orm';

import { alertFieldChanges, type AlertFields } from '@/lib/alerts';
import { incidentScoreNote } from '@/lib/incident-score';
import { ALERT_TYPE_OF_TECHNIQUE, techniqueLabel, type IncidentFacts, type IncidentSourceCredit } from '@/lib/incidents';
import { INCIDENT_CSV_COLUMNS, incidentDocumentSchema, incidentRowSchema, incidentSourceSchema, type IncidentRow } from '@/lib/schemas/incident-record';
import { findHostileText } from '@/lib/schemas/text';
import type { z } from '@/lib/zod';

import { CACHE_TAGS, revalidatePublicData } from './cache-tags';
import type { Database } from './db/client';
import { alertRevisions, projects, securityAlerts } from './db/schema';
import { rescoreForIncidents } from './incident-score';
import { nudgeMailWorker } from './mail/worker';
import { notifyWatchersOfAlert } from './notifications';
import { readRowFile, RowFileError } from './skynet/row-file';
import { fieldsOf } from './staff/alerts';
import { recordStaffChange, type StaffActor } from './staff/audit-log';
import { nudgeWebhookWorker } from './webhooks/worker';

// The public record of incidents (issue #45): import files of sourced facts become published alerts, keyed by their
// source's own id (a re-import updates, never duplicates), each change in the audit log and, for a published
// incident whose facts changed, in its public correction log.

/** An incident this recent when first imported notifies its project's watchers; older history is recorded silently. */
export const NOTIFY_WITHIN_DAYS = 30;

export type IncidentChange = { sourceId: string; row: number; protocol: string; date: string; projectId: string | null; fields?: string[] };
export type UnsureMatch = { sourceId: string; protocol: string; candidates: string[] };
export type IncidentImportReport = {
  dryRun: boolean;
  sources: IncidentSourceCredit[];
  added: IncidentChange[];
  updated: IncidentChange[];
  unchanged: number;
  refused: { row: number; reasons: string[] }[];
  /** Protocols that resemble a catalogue project without matching it: left unlinked, for staff to review. */
  unsure: UnsureMatch[];
  notified: number;
};

const dedupeKeyOf = (sourceId: string) => `record:${sourceId}`;

/** A name as matching compares it: lower case, letters and digits only, common suffixes dropped. */
export function matchKey(name: string): string {
  return name
    // Sources write names run together ("EulerFinance", "BalancerV2"): their words apart first.
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(finance|protocol|network|v\d+)\b/g, ' ')
    .replace(/\s+/g, '');
}

type CatalogueEntry = { id: string; name: string; tickers: string[] };

/**
 * The catalogue project an incident's protocol is: the same name (or id) once normalized. A ticker is not enough (the
 * many small tokens exploited share tickers with unrelated projects), nor a name that only begins like a project's:
 * those are unsure, left unlinked for staff to review.
 */
export function matchProject(protocol: string, catalogue: CatalogueEntry[]): { projectId: string | null; candidates: string[] } {
  const key = matchKey(protocol);
  if (!key) return { projectId: null, candidates: [] };
  const exact = catalogue.filter((entry) => matchKey(entry.name) === key || entry.id.replace(/-/g, '') === key);
  if (exact.length === 1) return { projectId: exact[0].id, candidates: [] };
  if (exact.length > 1) return { projectId: null, candidates: exact.map((entry) => entry.id) };
  const ticker = protocol.trim().toLowerCase();
  const near = catalogue.filter((entry) => {
    const other = matchKey(entry.name);
    return entry.tickers.some((symbol) => symbol.toLowerCase() === ticker) || (other.length >= 4 && key.length >= 4 && (key.startsWith(other) || other.startsWith(key)));
  });
  return { projectId: null, candidates: near.slice(0, 5).map((entry) => entry.id) };
}

type Parsed = { sources: Map<string, IncidentSourceCredit>; rows: { row: number; value: IncidentRow }[]; refused: { row: number; reasons: string[] }[] };

const splitList = (value: unknown) => (typeof value === 'string' ? value.split(';').map((part) => part.trim()).filter(Boolean) : value);

/** A CSV line in the JSON row's shape: lists split on semicolons, transactions `chain:hash`, links `kind:url`. */
function csvRowAsIncident(values: Record<string, unknown>): { row: Record<string, unknown>; source: Record<string, unknown> } {
  const { sourceName, sourceUrl, sourceLicence, lossUsd, returnedUsd, chains, attackers, attackContracts, victims, attackTransactions, links, ...rest } = values;
  const sourceId = typeof rest.sourceId === 'string' ? rest.sourceId.split(':')[0] : '';
  const number = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);
  const pairs = (value: unknown, first: string, second: string) =>
    (splitList(value) as string[] | undefined)?.map((entry) => {
      const at = entry.indexOf(':');
      return at < 0 ? { [first]: entry } : { [first]: entry.slice(0, at), [second]: entry.slice(at + 1) };
    });
  return {
    row: {
      ...rest,
      source: sourceId,
      chains: splitList(chains),
      attackers: splitList(attackers),
      attackContracts: splitList(attackContracts),
      victims: splitList(victims),
      attackTransactions: pairs(attackTransactions, 'chain', 'hash'),
      links: pairs(links, 'kind', 'url'),
      ...(lossUsd !== undefined ? { lossUsd: number(lossUsd) } : {}),
      ...(returnedUsd !== undefined ? { returnedUsd: number(returnedUsd) } : {}),
    },
    source: { id: sourceId, name: sourceName, url: sourceUrl, licence: sourceLicence },
  };
}

const issueText = (issue: z.core.$ZodIssue) => `${issue.path.length ? `${issue.path.join('.')} ` : ''}${issue.message}`;

/** Reads an import file (the JSON document, or CSV lines): every row checked, each refusal with its reasons. */
export function parseIncidentFile(text: string, fileName: string): Parsed {
  const body = text.replace(/^\uFEFF/, '');
  const sources = new Map<string, IncidentSourceCredit>();
  const rows: Parsed['rows'] = [];
  const refused: Parsed['refused'] = [];
  const take = (row: number, raw: unknown) => {
    const hostile = findHostileText(raw);
    if (hostile) return refused.push({ row, reasons: [`${hostile} must not contain control characters or broken UTF-8`] });
    const parsed = incidentRowSchema.safeParse(raw);
    if (!parsed.success) return refused.push({ row, reasons: parsed.error.issues.map(issueText) });
    if (!sources.has(parsed.data.source)) return refused.push({ row, reasons: [`source ${parsed.data.source} is not among the file's sources`] });
    rows.push({ row, value: parsed.data });
  };
  if (fileName.toLowerCase().endsWith('.json') || /^\s*\{/.test(body)) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new RowFileError(`The file is not JSON (${error instanceof Error ? error.message : String(error)}).`);
    }
    const document = incidentDocumentSchema.safeParse(json);
    if (!document.success) throw new RowFileError(`The file is not an incident document: ${document.error.issues.map(issueText).join('; ')}`);
    for (const source of document.data.sources) sources.set(source.id, { id: source.id, name: source.name, url: source.url, licence: source.licence });
    document.data.incidents.forEach((raw, index) => take(index + 1, raw));
  } else {
    for (const entry of readRowFile(body, fileName, INCIDENT_CSV_COLUMNS)) {
      if ('problem' in entry) {
        refused.push({ row: entry.row, reasons: [entry.problem] });
        continue;
      }
      const { row, source } = csvRowAsIncident(entry.values);
      const credit = incidentSourceSchema.safeParse(source);
      if (!credit.success) {
        refused.push({ row: entry.row, reasons: credit.error.issues.map((issue) => `source ${issueText(issue)}`) });
        continue;
      }
      const known = sources.get(credit.data.id);
      if (known && (known.name !== credit.data.name || known.url !== credit.data.url || known.licence !== credit.data.licence)) {
        refused.push({ row: entry.row, reasons: [`source ${credit.data.id} is credited differently on an earlier row`] });
        continue;
      }
      sources.set(credit.data.id, { id: credit.data.id, name: credit.data.name, url: credit.data.url, licence: credit.data.licence });
      take(entry.row, row);
    }
  }
  const seen = new Map<string, number>();
  for (const { row, value } of rows) {
    const first = seen.get(value.sourceId);
    if (first !== undefined) refused.push({ row, reasons: [`sourceId ${value.sourceId} is also row ${first}`] });
    else seen.set(value.sourceId, row);
  }
  refused.sort((a, b) => a.row - b.row);
  return { sources, rows, refused };
}

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** The incident's title, in our words from its facts: "Orbit Chain: private-key compromise, $81.5M lost". */
export function incidentTitle(row: Pick<IncidentRow, 'protocol' | 'technique' | 'lossUsd' | 'lossNative'>): string {
  const loss =
    row.lossUsd !== null && row.lossUsd !== undefined ? `, ${compactUsd.format(row.lossUsd)} lost` : row.lossNative?.length ? `, ${row.lossNative.map((entry) => `${entry.amount} ${entry.asset}`).join(' + ')} lost` : '';
  return `${row.protocol}: ${techniqueLabel(row.technique).toLowerCase()}${loss}`.slice(0, 200);
}

/** The alert's fields and stored facts an incident row makes. */
function incidentColumns(row: IncidentRow, source: IncidentSourceCredit, projectId: string | null) {
  const fields: AlertFields = {
    title: incidentTitle(row),
    type: ALERT_TYPE_OF_TECHNIQUE[row.technique],
    occurredOn: row.date,
    chain: row.chains[0],
    amountLostUsd: row.lossUsd ?? null,
    amountReturnedUsd: row.returnedUsd ?? null,
    amountsPricedOn: row.lossUsd !== null && row.lossUsd !== undefined ? (row.lossPricedOn ?? null) : null,
    technique: techniqueLabel(row.technique),
    sourceUrls: row.links.map((link) => link.url),
    confidence: 'confirmed',
    projectId,
    description: null,
  };
  const facts: IncidentFacts = {
    sourceId: row.sourceId,
    source,
    protocol: row.protocol,
    chains: row.chains,
    sourceTechnique: row.sourceTechnique ?? null,
    lossNative: row.lossNative ?? [],
    attackers: [...new Set(row.attackers ?? [])],
    attackContracts: [...new Set(row.attackContracts ?? [])],
    victims: [...new Set(row.victims ?? [])],
    attackTransactions: row.attackTransactions ?? [],
    links: row.links,
  };
  return { fields, facts };
}

type StoredIncident = typeof securityAlerts.$inferSelect;

export type ImportOptions = { text: string; fileName: string; dryRun: boolean; actor: StaffActor; now?: Date; notify?: boolean };

/**
 * Imports an incident file. Every row is checked first; one bad row refuses the whole file (nothing half-written),
 * with every reason. Otherwise, in one transaction: new incidents are published (their project's watchers told
 * only when the incident is recent, NOTIFY_WITHIN_DAYS), known ones updated where their facts changed (a public
 * correction naming the import), unchanged ones left alone. A dry run reports the same and writes nothing.
 */
export async function importIncidents(db: Database, { text, fileName, dryRun, actor, now = new Date(), notify = true }: ImportOptions): Promise<IncidentImportReport> {
  const parsed = parseIncidentFile(text, fileName);
  const report: IncidentImportReport = { dryRun, sources: [...parsed.sources.values()], added: [], updated: [], unchanged: 0, refused: parsed.refused, unsure: [], notified: 0 };
  if (parsed.refused.length) return report;

  const catalogue = (await db.select({ id: projects.id, name: projects.name, tickers: projects.tokenTickers }).from(projects)).map((entry) => ({ ...entry, tickers: entry.tickers ?? [] }));
  const keys = parsed.rows.map(({ value }) => dedupeKeyOf(value.sourceId));
  const existing = new Map<string, StoredIncident>();
  for (let start = 0; start < keys.length; start += 1000) {
    for (const row of await db.select().from(securityAlerts).where(inArray(securityAlerts.dedupeKey, keys.slice(start, start + 1000)))) existing.set(row.dedupeKey!, row);
  }

  type Planned = { row: number; value: IncidentRow; fields: AlertFields; facts: IncidentFacts; stored: StoredIncident | null; changed: string[] };
  const planned: Planned[] = [];
  for (const { row, value } of parsed.rows) {
    const stored = existing.get(dedupeKeyOf(value.sourceId)) ?? null;
    // A link staff made (or confirmed) stands: matching only links what nobody linked.
    const match = stored?.projectId ? { projectId: stored.projectId, candidates: [] } : matchProject(value.protocol, catalogue);
    if (match.candidates.length) report.unsure.push({ sourceId: value.sourceId, protocol: value.protocol, candidates: match.candidates });
    const { fields, facts } = incidentColumns(value, parsed.sources.get(value.source)!, match.projectId);
    const changed = stored ? Object.keys(alertFieldChanges(fieldsOf(stored), fields)) : [];
    // jsonb keeps keys in its own order: compared as values, not as text.
    const factsChanged = stored ? !isDeepStrictEqual(stored.incident, facts) || stored.protocol !== value.protocol : false;
    if (stored && changed.length === 0 && !factsChanged) {
      report.unchanged++;
      continue;
    }
    planned.push({ row, value, fields, facts, stored, changed: factsChanged && changed.length === 0 ? ['facts'] : changed });
    const change: IncidentChange = { sourceId: value.sourceId, row, protocol: value.protocol, date: value.date, projectId: match.projectId };
    if (stored) report.updated.push({ ...change, fields: changed.length ? changed : ['facts'] });
    else report.added.push(change);
  }
  if (dryRun || planned.length === 0) return report;

  const recentSince = now.getTime() - NOTIFY_WITHIN_DAYS * 86_400_000;
  const delivery = await db.transaction(async (tx) => {
    let mailed = 0;
    let webhooks = 0;
    for (const entry of planned) {
      const { occurredOn, ...columns } = entry.fields;
      const values = { ...columns, occurredAt: new Date(`${occurredOn}T00:00:00Z`), protocol: entry.value.protocol, incident: entry.facts };
      if (entry.stored) {
        await tx
          .update(securityAlerts)
          .set({ ...values, updatedAt: now })
          .where(sql`${securityAlerts.id} = ${entry.stored.id}`);
        const changes = alertFieldChanges(fieldsOf(entry.stored), entry.fields);
        if (Object.keys(changes).length) {
          await tx.insert(alertRevisions).values({ alertId: entry.stored.id, reason: `Updated from ${entry.facts.source.name} (${entry.value.sourceId})`, changes, editorUserId: actor.userId });
        }
        await recordStaffChange(tx as unknown as Database, actor, { action: 'alert.import-update', entityType: 'alert', entityId: entry.stored.id, before: fieldsOf(entry.stored), after: { ...entry.fields, sourceId: entry.value.sourceId } });
        continue;
      }
      const [created] = await tx
        .insert(securityAlerts)
        .values({ ...values, status: 'published', origin: 'staff', isDemo: false, dedupeKey: dedupeKeyOf(entry.value.sourceId), publishedAt: now })
        .returning({ id: securityAlerts.id });
      await recordStaffChange(tx as unknown as Database, actor, { action: 'alert.import', entityType: 'alert', entityId: created.id, before: null, after: { ...entry.fields, sourceId: entry.value.sourceId } });
      if (notify && entry.fields.projectId && Date.parse(`${entry.value.date}T00:00:00Z`) >= recentSince) {
        const told = await notifyWatchersOfAlert(tx as unknown as Database, created.id);
        mailed += told.mailed;
        webhooks += told.webhooks;
        report.notified++;
      }
    }
    // The methodology's incident rule: each linked project touched answers its incidents now, the note naming one.
    const touched = new Map<string, string>();
    for (const entry of planned) for (const projectId of [entry.fields.projectId, entry.stored?.projectId ?? null]) if (projectId && !touched.has(projectId)) touched.set(projectId, entry.fields.title);
    for (const [projectId, title] of touched) await rescoreForIncidents(tx as unknown as Database, projectId, { note: incidentScoreNote(title), at: now, userId: actor.userId });
    return { mailed, webhooks };
  });
  if (delivery.mailed) nudgeMailWorker();
  if (delivery.webhooks) nudgeWebhookWorker();
  try {
    revalidatePublicData(CACHE_TAGS.alerts, CACHE_TAGS.projects);
  } catch {
    // Outside a Next server (the CLI, the seed): the cached lists catch up within their revalidate time.
  }
  return report;
}
