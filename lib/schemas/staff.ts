/** The staff console's input rules, shared by its forms and its actions. */
import { z } from '@/lib/zod';

import { STAFF_ROLES } from '../staff';

/** A 6-digit code from the authenticator app, or a recovery code (xxxx-xxxx-xxxx). */
export const secondFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, 'Enter the 6-digit code from your authenticator app.')
    .max(20, 'Enter the 6-digit code from your authenticator app, or a recovery code.'),
});

export const staffEmailSchema = z.email('Enter a valid email address.').trim().max(254);

export const inviteStaffSchema = z.object({ email: staffEmailSchema, role: z.enum(STAFF_ROLES, 'Choose a role.') });
