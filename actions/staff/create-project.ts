'use server';

// Creates a project from the console's form.
import { projectCreateSchema } from '@/lib/schemas/staff-project';
import { createProject } from '@/server/staff/projects';

import { staffActionClient } from '../client';

/** Creates a project, public and searchable at once; a slug already in use is refused. */
export const createProjectAction = staffActionClient('projects.write')
  .inputSchema(projectCreateSchema)
  .action(async ({ parsedInput, ctx }) => createProject(ctx.actor, parsedInput));
