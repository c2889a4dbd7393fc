import 'server-only';

import { and, eq, isNotNull, sql } from 'drizzle-orm';

import { getDb } from '../db/client';
import { projects, skynetContracts } from '../db/schema';

/**
 * Staff may hide a project: Skynet then answers for it, and for its contracts, as for an unknown one (nothing).
 * Checked inside each memoised read, so a hide shows within the memo's few seconds.
 */
export async function isHiddenProject(projectId: string | undefined): Promise<boolean> {
  if (!projectId) return false;
  const db = await getDb();
  const [row] = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, projectId), isNotNull(projects.hiddenAt)));
  return row !== undefined;
}

/** A watched contract whose project is shown publicly. */
export const contractOfShownProject = sql`not exists (select 1 from ${projects} where ${projects.id} = ${skynetContracts.projectId} and ${projects.hiddenAt} is not null)`;
