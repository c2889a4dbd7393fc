import 'server-only';

import { eq, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import type { VoteSummary } from '@/lib/projects';

import { getDb } from './db/client';
import { votes } from './db/schema';
import { getProject } from './projects';
import { getRateLimits } from './rate-limit';

export type { VoteSummary };

const percentage = (yes: number, total: number) => (total === 0 ? null : Math.round((yes / total) * 1000) / 10);

/** Yes and no counts of one project, and the voter's own vote when known. */
export async function getVoteSummary(projectId: string, voterKey: string | null = null): Promise<VoteSummary> {
  const db = await getDb();
  const [row] = await db
    .select({
      yes: sql<number>`count(*) filter (where ${votes.vote})::int`,
      total: sql<number>`count(*)::int`,
      yours: voterKey ? sql<boolean | null>`bool_or(${votes.vote}) filter (where ${votes.voterKey} = ${voterKey})` : sql<null>`null`,
    })
    .from(votes)
    .where(eq(votes.projectId, projectId));
  return { yes: row.yes, no: row.total - row.yes, total: row.total, yesPercentage: percentage(row.yes, row.total), yourVote: row.yours ?? null };
}

/** The share of yes among every vote on the site (null before any vote). */
export async function getSiteYesPercentage(): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ yes: sql<number>`count(*) filter (where ${votes.vote})::int`, total: sql<number>`count(*)::int` }).from(votes);
  return percentage(row.yes, row.total);
}

/**
 * Records or changes a voter's one vote on a project. Votes never move the security score. Every vote spends a
 * point of the address's budget (429 past it, nothing stored): a cookie-less request is a new voter each time.
 */
export async function castVote(projectId: string, voterKey: string, vote: boolean, ip: string): Promise<VoteSummary> {
  await getRateLimits().consumeOrRefuse('vote-ip', ip, 'Too many votes from your address. Please try again later.');
  if (!(await getProject(projectId))) throw new UserFacingError('Unknown project.', 404);
  const db = await getDb();
  await db
    .insert(votes)
    .values({ projectId, voterKey, vote })
    .onConflictDoUpdate({ target: [votes.projectId, votes.voterKey], set: { vote, updatedAt: new Date() } });
  return getVoteSummary(projectId, voterKey);
}
