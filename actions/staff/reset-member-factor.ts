'use server';

// Resets the second factor of a member who lost theirs.
import { memberSchema } from '@/lib/schemas/staff-member';
import { resetSecondFactor } from '@/server/staff/members';

import { staffActionClient } from '../client';

/** Admins only, for another member: their next console visit enrols a new authenticator. */
export const resetMemberFactorAction = staffActionClient('staff.write')
  .inputSchema(memberSchema)
  .action(async ({ parsedInput, ctx }) => {
    await resetSecondFactor(ctx.actor, parsedInput.userId);
    return { ok: true as const };
  });
