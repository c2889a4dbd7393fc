'use server';

// Removes another member from the staff (the account stays).
import { memberSchema } from '@/lib/schemas/staff-member';
import { removeMember } from '@/server/staff/members';

import { staffActionClient } from '../client';

/** Admins only; an admin cannot remove themselves, and the last admin stays. */
export const removeMemberAction = staffActionClient('staff.write')
  .inputSchema(memberSchema)
  .action(async ({ parsedInput, ctx }) => {
    await removeMember(ctx.actor, parsedInput.userId);
    return { ok: true as const };
  });
