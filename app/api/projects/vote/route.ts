import { NextResponse } from 'next/server';

import { voteBodySchema } from '@/lib/schemas/projects';
import { errorResponse, readJson } from '@/server/api';
import { clientIp } from '@/server/request-ip';
import { castVote } from '@/server/votes';
import { getVoterKey } from '@/server/visitor';

/** One vote per voter per project (changeable): `{ id, vote }`; limited per address (429 with Retry-After). */
export async function POST(request: Request) {
  try {
    const { id, vote } = await readJson(request, voteBodySchema);
    return NextResponse.json(await castVote(id, await getVoterKey(), vote, clientIp(request.headers)));
  } catch (error) {
    return errorResponse(error);
  }
}
