'use server';

// Proves the first authenticator code: the second factor is set up and the one-time recovery codes come back.
import { secondFactorSchema } from '@/lib/schemas/staff';
import { completeEnrolment, type SecondFactorOutcome } from '@/server/staff/second-factor';

import { staffMemberActionClient } from '../client';

export const completeEnrolmentAction = staffMemberActionClient
  .inputSchema(secondFactorSchema)
  .action(async ({ parsedInput, ctx }): Promise<SecondFactorOutcome> => completeEnrolment(ctx.staff.userId, ctx.staff.sessionId, parsedInput.code));
