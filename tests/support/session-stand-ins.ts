/*
 * What the integration tests that render pages or call actions replace, from vi.mock factories (which may import this module, since it imports
 * nothing of the app):
 *
 *   vi.mock('@/server/session', () => import('../support/session-stand-ins'));
 *   vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original()));
 *   vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
 *
 * and then signInAs(staff) (from here or ../support/staff) decides who the session is.
 */

/** Who a test signs in as: an account, and the session id its second factor was verified in (if any). */
export type SessionPerson = { id: string; email: string; username: string | null; sessionId?: string };

// Auth.js does not load outside Next: the session is whoever the test says, with the session id it says.
const session: { user: SessionPerson | null; sessionId: string } = { user: null, sessionId: 'no-session' };

/** Signs `person` in (null: nobody), in `sessionId` or else the session their second factor was verified in. */
export function signInAs(person: SessionPerson | null, sessionId = person?.sessionId ?? 'no-session') {
  session.user = person;
  session.sessionId = sessionId;
}

/** Stands in for @/server/session's getSessionUser. */
export const getSessionUser = async () => session.user;

/** Stands in for @/server/session's currentSessionId. */
export const currentSessionId = async () => (session.user ? session.sessionId : null);

/** Stands in for @/server/session's requireUser: a page's redirect to sign-in becomes an error the test can see. */
export async function requireUser() {
  if (!session.user) throw new Error('redirected to sign-in');
  return session.user;
}

/** React with cache() passing calls through: its per-request cache would keep the first answer for the whole file. */
export const withoutRequestCache = <React extends object>(react: React) => ({ ...react, cache: <T>(fn: T) => fn });

/**
 * next/cache without Next's data cache: cached reads load every time, through JSON as Next's cache returns them;
 * `revalidateTag` may be watched.
 */
export const nextCacheStandIn = ({ revalidateTag = () => {} }: { revalidateTag?: (tag: string) => unknown } = {}) => ({
  unstable_cache:
    <Args extends unknown[], Result>(load: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> =>
      JSON.parse(JSON.stringify(await load(...args))) as Result,
  revalidateTag,
  revalidatePath: () => {},
});
