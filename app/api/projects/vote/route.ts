import { NextResponse } from 'next/server';

import type { VoteSummary } from '@/lib/projects';
import { voteBodySchema, voteQuerySchema } from '@/lib/schemas/projects';
import { jsonError, readJson, readQuery, route } from '@/server/api';
import { getProject } from '@/server/projects';
import { clientIp } from '@/server/request-ip';
import { castVote, getVoteSummary } from '@/server/votes';
import { getVoterKey, peekVoterKey } from '@/server/visitor';

/** One vote per voter per project (changeable): `{ id, vote }`; limited per address (429 with Retry-After). */
export const POST = route(async (request) => {
  const { id, vote } = await readJson(request, voteBodySchema);
  return NextResponse.json((await castVote(id, await getVoterKey(), vote, clientIp(request.headers))) satisfies VoteSummary);
});

/** The project's votes and the asking voter's own (`?id=`), read without setting the visitor cookie. */
export const GET = route(async (request) => {
  const { id } = readQuery(request, voteQuerySchema);
  if (!(await getProject(id))) return jsonError('Unknown project.', 404);
  return NextResponse.json((await getVoteSummary(id, await peekVoterKey())) satisfies VoteSummary);
});
