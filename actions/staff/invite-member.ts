'use server';

// Invites someone to the staff with a role (an existing account gets it at once).
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { inviteMemberSchema } from '@/lib/schemas/staff-member';
import { inviteStaff } from '@/server/staff/members';

import { staffActionClient } from '../client';

const OUTCOME_MESSAGES = { granted: STAFF_MESSAGES.invitationGranted, invited: STAFF_MESSAGES.invitationSent, unchanged: STAFF_MESSAGES.invitationUnchanged } as const;

/** Admins only: grants the role to an existing account, or mails an invitation to sign up. */
export const inviteMemberAction = staffActionClient('staff.write')
  .inputSchema(inviteMemberSchema)
  .action(async ({ parsedInput, ctx }) => {
    const outcome = await inviteStaff(ctx.actor, parsedInput.email, parsedInput.role);
    return { outcome, message: OUTCOME_MESSAGES[outcome] };
  });
