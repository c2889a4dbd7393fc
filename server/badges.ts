import 'server-only';

import { and, eq } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';

import { badgeUrls, renderBadgeSvg } from '@/lib/badge';
import { SVG_BADGE_CSP } from '@/lib/security-headers';
import { gradeFor } from '@/lib/score';

import { CACHE_TAGS, PUBLIC_DATA_REVALIDATE_SECONDS } from './cache-tags';
import { getConfig } from './config';
import { getDb } from './db/client';
import { projects, projectScores } from './db/schema';
import { isProjectId, shownPublicly } from './projects';

/** The badge's figures of a shown project, or null (cached, expired with the score and project tags). */
const cachedBadgeFigures = unstable_cache(
  async (id: string): Promise<{ id: string; name: string; score: number | null } | null> => {
    const db = await getDb();
    const [row] = await db
      .select({ id: projects.id, name: projects.name, score: projectScores.score })
      .from(projects)
      .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
      .where(and(eq(projects.id, id), shownPublicly))
      .limit(1);
    return row ?? null;
  },
  ['badge-figures'],
  { tags: [CACHE_TAGS.scores, CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

/** "/badge/{id}.svg"'s last segment to a project id, or null when it is not one. */
export function badgeProjectId(file: string): string | null {
  const match = /^(.+)\.svg$/.exec(file);
  return match && isProjectId(match[1]) ? match[1] : null;
}

/**
 * A project's badge as an SVG response: its grade and score, drawn live from the cached score. An unknown or hidden
 * project is a plain 404 (no badge to mistake for a real one).
 */
export async function badgeResponse(file: string): Promise<Response> {
  const id = badgeProjectId(file);
  const figures = id ? await cachedBadgeFigures(id) : null;
  if (!figures) return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const band = figures.score === null ? null : gradeFor(figures.score);
  const svg = renderBadgeSvg({
    name: figures.name,
    grade: band?.grade ?? null,
    tone: band?.tone ?? null,
    score: figures.score,
    verifyUrl: badgeUrls(getConfig().siteUrl, figures.id).verify,
  });
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'content-security-policy': SVG_BADGE_CSP,
      'x-content-type-options': 'nosniff',
      // Short, like the cached data behind it: a changed score reaches embeds within minutes.
      'cache-control': `public, max-age=${PUBLIC_DATA_REVALIDATE_SECONDS}, stale-while-revalidate=${PUBLIC_DATA_REVALIDATE_SECONDS * 5}`,
    },
  });
}
