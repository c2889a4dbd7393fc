import 'server-only';

import { createSafeActionClient, DEFAULT_SERVER_ERROR_MESSAGE } from 'next-safe-action';

import { UserFacingError } from '@/lib/errors';
import { findHostileText, HOSTILE_TEXT_MESSAGE } from '@/lib/schemas/text';
import { AuthException } from '@/server/auth/errors';
import { logger } from '@/server/logger';
import { getSessionUser } from '@/server/session';
import { actorOf, getStaffContext, requireStaff, StaffNotFoundError } from '@/server/staff/access';
import type { StaffPermission } from '@/server/staff/permissions';

/**
 * The base client every action is built on: input holding NUL, another control character or broken UTF-8 is refused
 * before anything runs (lib/schemas/text.ts), the rest is validated by the action's zod schema, a UserFacingError
 * reaches the browser as its message, a refusal of the user pool as its exception name (SPEC §8: the auth forms map
 * the name to their message, as for the /api/auth routes), and anything unexpected is logged and shown only as a
 * generic message.
 */
export const actionClient = createSafeActionClient({
  handleServerError(error) {
    if (error instanceof UserFacingError) return error.message;
    if (error instanceof AuthException) return error.exception;
    logger.error({ err: error }, 'server action failed');
    return DEFAULT_SERVER_ERROR_MESSAGE;
  },
}).use(async ({ next, clientInput, bindArgsClientInputs }) => {
  const where = findHostileText(clientInput) ?? findHostileText(bindArgsClientInputs);
  if (where) throw new UserFacingError(`${where}: ${HOSTILE_TEXT_MESSAGE}.`, 400);
  return next();
});

/** For actions of a signed-in user: the user is checked again here (never trusted from the page) and put in ctx. */
export const authActionClient = actionClient.use(async ({ next }) => {
  const user = await getSessionUser();
  if (!user) throw new UserFacingError('Please log in first.', 401);
  return next({ ctx: { user } });
});

/**
 * For staff actions: a verified member whose role holds `permission` (server/staff/permissions.ts), checked on every
 * call; anyone else gets `Not found.` and nothing runs. ctx carries the member and the actor for the audit log.
 */
export const staffActionClient = (permission: StaffPermission) =>
  actionClient.use(async ({ next }) => {
    const staff = await requireStaff(permission);
    return next({ ctx: { staff, actor: actorOf(staff) } });
  });

/** For the second-factor steps: any staff member, whether or not this session passed the factor yet. */
export const staffMemberActionClient = actionClient.use(async ({ next }) => {
  const staff = await getStaffContext();
  if (!staff) throw new StaffNotFoundError();
  return next({ ctx: { staff } });
});
