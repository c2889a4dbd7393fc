import 'server-only';

import { asc, eq } from 'drizzle-orm';
import { cache } from 'react';

import { getDb } from './db/client';
import { projects } from './db/schema';

/** What a page shows of a project. */
export type ProjectSummary = {
  id: string;
  name: string;
  logo: string | null;
  rank: number | null;
  tokenTickers: string[];
  category: string | null;
  chains: string[];
  auditStatus: 'audited' | 'under_audit' | 'none';
  isDemo: boolean;
};

const summaryColumns = {
  id: projects.id,
  name: projects.name,
  logo: projects.logo,
  rank: projects.rank,
  tokenTickers: projects.tokenTickers,
  category: projects.category,
  chains: projects.chains,
  auditStatus: projects.auditStatus,
  isDemo: projects.isDemo,
};

const PROJECT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** One project by id, or null when the id is malformed or unknown. */
export const getProject = cache(async (id: string): Promise<ProjectSummary | null> => {
  if (!PROJECT_ID.test(id)) return null;
  const db = await getDb();
  const [row] = await db.select(summaryColumns).from(projects).where(eq(projects.id, id)).limit(1);
  return row ?? null;
});

/** The best-ranked projects, for the home page. */
export async function listTopProjects(limit = 10): Promise<ProjectSummary[]> {
  const db = await getDb();
  return db.select(summaryColumns).from(projects).orderBy(asc(projects.rank), asc(projects.name)).limit(limit);
}

/** Every project id with its last change, for the sitemap. */
export async function listProjectIdsForSitemap(): Promise<{ id: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db.select({ id: projects.id, updatedAt: projects.updatedAt }).from(projects).orderBy(asc(projects.rank));
}
