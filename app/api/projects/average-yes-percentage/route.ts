import { NextResponse } from 'next/server';

import { type YesPercentage, yesPercentageQuerySchema } from '@/lib/schemas/projects';
import { jsonError, readQuery, route } from '@/server/api';
import { getProject } from '@/server/projects';
import { getSiteYesPercentage, getVoteSummary } from '@/server/votes';

/** The share of yes votes: site-wide, or for one project with `?id=`. */
export const GET = route(async (request) => {
  const { id } = readQuery(request, yesPercentageQuerySchema);
  if (!id) return NextResponse.json({ yesPercentage: await getSiteYesPercentage() } satisfies YesPercentage);
  if (!(await getProject(id))) return jsonError('Unknown project.', 404);
  const summary = await getVoteSummary(id);
  return NextResponse.json({ id, yesPercentage: summary.yesPercentage, votes: summary.total } satisfies YesPercentage);
});
