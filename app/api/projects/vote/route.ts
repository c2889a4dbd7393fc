import { NextResponse } from 'next/server';

import type { VoteSummary } from '@/lib/projects';
import { voteBodySchema } from '@/lib/schemas/projects';
import { readJson, route } from '@/server/api';
import { clientIp } from '@/server/request-ip';
import { castVote } from '@/server/votes';
import { getVoterKey } from '@/server/visitor';

/** One vote per voter per project (changeable): `{ id, vote }`; limited per address (429 with Retry-After). */
export const POST = route(async (request) => {
  const { id, vote } = await readJson(request, voteBodySchema);
  return NextResponse.json((await castVote(id, await getVoterKey(), vote, clientIp(request.headers))) satisfies VoteSummary);
});
