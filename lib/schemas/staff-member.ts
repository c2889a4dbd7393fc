/** The console's Staff page: invitations, role changes, removals and second-factor resets, shared by forms and actions. */
import { z } from '@/lib/zod';

import { STAFF_MESSAGES } from '../messages/staff';
import { STAFF_ROLES } from '../staff';

const roleSchema = z.enum(STAFF_ROLES, STAFF_MESSAGES.roleRequired);

export const inviteMemberSchema = z.object({
  email: z.string().trim().max(254, STAFF_MESSAGES.memberEmailInvalid).pipe(z.email(STAFF_MESSAGES.memberEmailInvalid)),
  role: roleSchema,
});
export type InviteMemberValues = z.input<typeof inviteMemberSchema>;

/** A member the admin acts on. */
export const memberSchema = z.object({ userId: z.uuid(STAFF_MESSAGES.memberNotFound) });

export const memberRoleSchema = memberSchema.extend({ role: roleSchema });

export const invitationSchema = z.object({ invitationId: z.uuid(STAFF_MESSAGES.invitationClosed) });

