'use server';

// Checks an authenticator or recovery code, so this session may use the staff console.
import { secondFactorSchema } from '@/lib/schemas/staff';
import { verifySecondFactor, type SecondFactorOutcome } from '@/server/staff/second-factor';

import { staffMemberActionClient } from '../client';

export const verifySecondFactorAction = staffMemberActionClient
  .inputSchema(secondFactorSchema)
  .action(async ({ parsedInput, ctx }): Promise<SecondFactorOutcome> => {
    await verifySecondFactor(ctx.staff.userId, ctx.staff.sessionId, parsedInput.code);
    // The same answer shape as enrolment's, so one form serves both steps.
    return { recoveryCodes: null };
  });
