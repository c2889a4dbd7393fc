'use server';

// Withdraws an open staff invitation.
import { invitationSchema } from '@/lib/schemas/staff-member';
import { revokeInvitation } from '@/server/staff/members';

import { staffActionClient } from '../client';

/** Admins only: the invited address no longer becomes staff when it signs up. */
export const revokeInvitationAction = staffActionClient('staff.write')
  .inputSchema(invitationSchema)
  .action(async ({ parsedInput, ctx }) => {
    await revokeInvitation(ctx.actor, parsedInput.invitationId);
    return { ok: true as const };
  });
