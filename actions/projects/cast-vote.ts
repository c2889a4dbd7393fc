'use server';

// Records the visitor's yes/no vote on a project from the project page's vote widget.
import { headers } from 'next/headers';

import { voteBodySchema } from '@/lib/schemas/projects';
import { clientIp } from '@/server/request-ip';
import { castVote } from '@/server/votes';
import { getVoterKey } from '@/server/visitor';

import { actionClient } from '../client';

export const castVoteAction = actionClient
  .inputSchema(voteBodySchema)
  .action(async ({ parsedInput }) => castVote(parsedInput.id, await getVoterKey(), parsedInput.vote, clientIp(await headers())));
