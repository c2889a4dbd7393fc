'use server';

// Shows a hidden project again.
import { z } from '@/lib/zod';

import { PROJECT_SLUG_PATTERN } from '@/lib/schemas/staff-project';
import { showProject } from '@/server/staff/projects';

import { staffActionClient } from '../client';

/** Shows a hidden project again: its page, lists and search have it back. */
export const showProjectAction = staffActionClient('projects.write')
  .inputSchema(z.object({ id: z.string().regex(PROJECT_SLUG_PATTERN) }))
  .action(async ({ parsedInput, ctx }) => {
    await showProject(ctx.actor, parsedInput.id);
    return { ok: true as const };
  });
