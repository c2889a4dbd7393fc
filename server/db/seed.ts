import 'server-only';

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import type { Database } from './client';
import { computeScore, METHODOLOGY_VERSION } from '@/lib/score';

import { getConfig } from '../config';
import { audits, projects, projectScoreHistory, projectScores, securityAlerts, skynetKnownContracts, type NewProject } from './schema';
import { buildKnownContracts, seedSkynetDemo } from '../skynet/demo';
import { builtSeedFingerprint } from './seed-template';
import { buildDemoAlerts, buildDemoAudits, buildDemoScoreHistory, buildDemoSignals, buildSeedProjects } from './seed-data';

/**
 * Bump when what the seed writes changes in a way its rows below do not show (the Skynet demo series, the generated
 * score history), so existing folders load it once more at their next start.
 */
export const SEED_REVISION = 1;

/**
 * The fingerprint of what seedDatabase would load with these settings: the packaged projects, their contracts, and
 * with the demo on its generated audits, alerts and signals. Deterministic (no clock); 100–200 ms, hence
 * packagedSeedFingerprint at start.
 */
export function seedFingerprint({ demo = getConfig().demoData }: { demo?: boolean } = {}): string {
  const rows = buildSeedProjects();
  const parts: unknown[] = [SEED_REVISION, METHODOLOGY_VERSION, demo, rows, buildKnownContracts(rows), incidentRecordText()];
  if (demo) parts.push(buildDemoAudits(rows), buildDemoAlerts(rows), rows.map(buildDemoSignals));
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** seedFingerprint as this build recorded it (server/db/seed-template.ts), computed only without that record. */
export function packagedSeedFingerprint({ demo = getConfig().demoData }: { demo?: boolean } = {}): string {
  return builtSeedFingerprint(demo) ?? seedFingerprint({ demo });
}

/** The public record of incidents the site ships with (content/incidents/README.md), or null when it is absent. */
export const INCIDENT_RECORD_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), 'content', 'incidents', 'defi-incidents.json');

function incidentRecordText(): string | null {
  try {
    return fs.readFileSync(INCIDENT_RECORD_FILE, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Loads the shipped record of incidents, demo or not (they are facts): new ones are added, changed ones updated with
 * a public correction, through the same import staff use; nobody is notified of history.
 */
async function seedIncidentRecord(db: Database): Promise<void> {
  const text = incidentRecordText();
  if (text === null) return;
  const { importIncidents } = await import('../incident-record');
  const report = await importIncidents(db, { text, fileName: INCIDENT_RECORD_FILE, dryRun: false, actor: { userId: null, email: 'seed' }, notify: false });
  if (report.refused.length) throw new Error(`The shipped incident record has bad rows: ${report.refused.slice(0, 3).map((entry) => `row ${entry.row}: ${entry.reasons.join('; ')}`).join(' | ')}`);
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 200) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/**
 * A packaged project as a plain entry: only its real name, tickers and logo. Rank, category, chains, audit status
 * and KYC are the demo's inventions, so they stay unset (and the row carries no demo mark).
 */
export function plainProject({ id, name, logo, tokenTickers }: NewProject): NewProject {
  return { id, name, logo, tokenTickers, isDemo: false };
}

/**
 * Loads the packaged projects and, with DEMO_DATA on (the default), the generated figures around them: ranks,
 * scores and their history, audits, alerts and Skynet series, each marked as demo. With DEMO_DATA=off the
 * projects come as plain entries and nothing is generated, so every score says "Not yet assessed" until staff
 * assess it. Safe to run any number of times: rows that exist are left as an operator may have edited (or hidden)
 * them, missing ones are added; turning the demo off later adds nothing but removes nothing either.
 */
export async function seedDatabase(db: Database, { demo = getConfig().demoData }: { demo?: boolean } = {}): Promise<{ projects: number }> {
  const rows = demo ? buildSeedProjects() : buildSeedProjects().map(plainProject);
  await insertInBatches(rows, (batch) => db.insert(projects).values(batch).onConflictDoNothing({ target: projects.id }));
  // The token list's contract addresses are facts, not figures: Skynet's `watch` finds contracts by them either way.
  await insertInBatches(buildKnownContracts(rows), (batch) => db.insert(skynetKnownContracts).values(batch).onConflictDoNothing());
  if (demo) await seedDemoFigures(db, rows);
  // After the demo's scores: a linked project's score answers its incidents by the methodology's rule.
  await seedIncidentRecord(db);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(projects);
  return { projects: count };
}

/** The demo's generated figures for the seeded projects; each row is marked as demo. */
async function seedDemoFigures(db: Database, rows: NewProject[]): Promise<void> {
  const signalsByProject = new Map(rows.map((project) => [project.id, buildDemoSignals(project)]));
  const scores = rows.map((project) => {
    const { score, pillars } = computeScore(signalsByProject.get(project.id)!);
    return { projectId: project.id, score, pillars, methodologyVersion: METHODOLOGY_VERSION, isDemo: true };
  });
  const newScores: { projectId: string; score: number; pillars: (typeof scores)[number]['pillars']; updatedAt: Date }[] = [];
  await insertInBatches(scores, async (batch) => {
    const inserted = await db
      .insert(projectScores)
      .values(batch)
      .onConflictDoNothing({ target: projectScores.projectId })
      .returning({ projectId: projectScores.projectId, score: projectScores.score, pillars: projectScores.pillars, updatedAt: projectScores.updatedAt });
    newScores.push(...inserted);
  });
  // A score seeded just now gets a generated past (and its current point), so the demo chart is not empty.
  const history = newScores.flatMap(({ projectId, score, pillars, updatedAt }) => [
    ...buildDemoScoreHistory(projectId, signalsByProject.get(projectId)!, updatedAt).map(({ recordedAt, signals }) => ({ projectId, ...computeScore(signals), recordedAt })),
    { projectId, score, pillars, recordedAt: updatedAt },
  ]);
  await insertInBatches(
    history.map((point) => ({ ...point, methodologyVersion: METHODOLOGY_VERSION, isDemo: true })),
    (batch) => db.insert(projectScoreHistory).values(batch),
  );
  await insertInBatches(buildDemoAudits(rows), (batch) => db.insert(audits).values(batch).onConflictDoNothing({ target: audits.id }));
  await insertInBatches(buildDemoAlerts(rows), (batch) => db.insert(securityAlerts).values(batch).onConflictDoNothing({ target: securityAlerts.id }));
  await seedSkynetDemo(db, rows);
}
