'use server';

// Saves the console's form over a project.
import { z } from '@/lib/zod';

import { PROJECT_SLUG_PATTERN, projectFormSchema } from '@/lib/schemas/staff-project';
import { updateProject } from '@/server/staff/projects';

import { staffActionClient } from '../client';

/** Saves the project bound by the edit page (its slug never changes); answers whether anything changed. */
export const updateProjectAction = staffActionClient('projects.write')
  .bindArgsSchemas([z.string().regex(PROJECT_SLUG_PATTERN)])
  .inputSchema(projectFormSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => updateProject(ctx.actor, id, parsedInput));
