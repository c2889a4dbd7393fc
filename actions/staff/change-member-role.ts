'use server';

// Changes another member's role.
import { memberRoleSchema } from '@/lib/schemas/staff-member';
import { changeMemberRole } from '@/server/staff/members';

import { staffActionClient } from '../client';

/** Admins only; an admin cannot change their own role, and the last admin stays one. */
export const changeMemberRoleAction = staffActionClient('staff.write')
  .inputSchema(memberRoleSchema)
  .action(async ({ parsedInput, ctx }) => {
    await changeMemberRole(ctx.actor, parsedInput.userId, parsedInput.role);
    return { ok: true as const };
  });
