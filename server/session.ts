import 'server-only';

import { getToken } from 'next-auth/jwt';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';

import { safeCallbackPath } from '@/lib/callback-url';

import { auth } from './auth';
import { SIGN_IN_PATH } from './auth/edge-config';
import { resolveAuthSecret } from './config';

export type SessionUser = { id: string; email: string; username: string | null };

/** The signed-in user of this request, or null. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const session = await auth();
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, username: (user as { username?: string }).username ?? null };
});

/** The signed-in user, or a redirect to sign-in with error=SessionRequired and the way back. */
export async function requireUser(callbackUrl: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`${SIGN_IN_PATH}?error=SessionRequired&callbackUrl=${encodeURIComponent(safeCallbackPath(callbackUrl))}`);
  return user;
}

/** The id of this request's own session (its JWT's `sid`), read on the server only; null without one. */
export async function currentSessionId(): Promise<string | null> {
  const requestHeaders = await headers();
  // Auth.js names the cookie by the scheme it was set on; the cookie itself says which one this browser holds.
  const secureCookie = (requestHeaders.get('cookie') ?? '').includes('__Secure-authjs.session-token');
  const token = await getToken({ req: { headers: requestHeaders }, secret: resolveAuthSecret(), secureCookie });
  return typeof token?.sid === 'string' ? token.sid : null;
}
