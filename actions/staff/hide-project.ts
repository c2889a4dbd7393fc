'use server';

// Hides a project from the public site.
import { z } from '@/lib/zod';

import { PROJECT_SLUG_PATTERN } from '@/lib/schemas/staff-project';
import { hideProject } from '@/server/staff/projects';

import { staffActionClient } from '../client';

/** Hides the project: it answers 404 publicly and leaves every list and search; nothing is deleted. */
export const hideProjectAction = staffActionClient('projects.write')
  .inputSchema(z.object({ id: z.string().regex(PROJECT_SLUG_PATTERN) }))
  .action(async ({ parsedInput, ctx }) => {
    await hideProject(ctx.actor, parsedInput.id);
    return { ok: true as const };
  });
