'use server';

// Sets a new password with a mailed reset code: the reset form's side of POST /api/auth/reset-forgotten-password.
import { headers } from 'next/headers';

import { resetPasswordBodySchema, resetPasswordFormSchema } from '@/lib/schemas/auth';
import { resetPassword } from '@/server/auth/pool';
import { clientIp } from '@/server/request-ip';

import { actionClient } from '../client';

/**
 * Resets the password of the email bound by the form (it comes from the previous step, not from a field); a refusal
 * reaches the form as the pool's exception name (serverError).
 */
export const resetPasswordAction = actionClient
  .bindArgsSchemas([resetPasswordBodySchema.shape.email])
  .inputSchema(resetPasswordFormSchema)
  .action(async ({ bindArgsParsedInputs: [email], parsedInput: { code, newPassword } }) => {
    await resetPassword({ email, code, newPassword, ip: clientIp(await headers()) });
    return { ok: true as const };
  });
