import 'server-only';

import { sql } from 'drizzle-orm';

import type { Database } from './client';
import { computeScore, METHODOLOGY_VERSION } from '@/lib/score';

import { audits, projects, projectScores, securityAlerts, skynetKnownContracts } from './schema';
import { buildKnownContracts, seedSkynetDemo } from '../skynet/demo';
import { buildDemoAlerts, buildDemoAudits, buildDemoSignals, buildSeedProjects } from './seed-data';

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 200) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/**
 * Loads the demo projects. Safe to run any number of times: rows that exist are left as an operator may have
 * edited them, missing ones are added.
 */
export async function seedDemoData(db: Database): Promise<{ projects: number }> {
  const rows = buildSeedProjects();
  const scores = rows.map((project) => {
    const { score, pillars } = computeScore(buildDemoSignals(project));
    return { projectId: project.id, score, pillars, methodologyVersion: METHODOLOGY_VERSION, isDemo: true };
  });
  await insertInBatches(rows, (batch) => db.insert(projects).values(batch).onConflictDoNothing({ target: projects.id }));
  await insertInBatches(scores, (batch) => db.insert(projectScores).values(batch).onConflictDoNothing({ target: projectScores.projectId }));
  await insertInBatches(buildDemoAudits(rows), (batch) => db.insert(audits).values(batch).onConflictDoNothing({ target: audits.id }));
  await insertInBatches(buildDemoAlerts(rows), (batch) => db.insert(securityAlerts).values(batch).onConflictDoNothing({ target: securityAlerts.id }));
  await insertInBatches(buildKnownContracts(rows), (batch) => db.insert(skynetKnownContracts).values(batch).onConflictDoNothing());
  await seedSkynetDemo(db, rows);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(projects);
  return { projects: count };
}
