import 'server-only';

import { cookies } from 'next/headers';

import { VISITOR_COOKIE } from '@/lib/constants';

import { getConfig } from './config';
import { getSessionUser } from './session';

const VISITOR_ID = /^[0-9a-f-]{36}$/;

/**
 * Who is acting: the signed-in user, or an anonymous visitor identified by a first-party cookie (set here when
 * missing), so one person holds one vote per project.
 */
export async function getVoterKey(): Promise<string> {
  const user = await getSessionUser();
  if (user) return `user:${user.id}`;
  const jar = await cookies();
  let visitor = jar.get(VISITOR_COOKIE)?.value;
  if (!visitor || !VISITOR_ID.test(visitor)) {
    visitor = crypto.randomUUID();
    // Secure on an https site, as the session cookie is: never sent over a plain connection someone could watch.
    const secure = new URL(getConfig().siteUrl).protocol === 'https:';
    jar.set(VISITOR_COOKIE, visitor, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: 60 * 60 * 24 * 365 });
  }
  return `visitor:${visitor}`;
}

/** The voter key if one is already known, without setting a cookie (for reads). */
export async function peekVoterKey(): Promise<string | null> {
  const user = await getSessionUser();
  if (user) return `user:${user.id}`;
  const visitor = (await cookies()).get(VISITOR_COOKIE)?.value;
  return visitor && VISITOR_ID.test(visitor) ? `visitor:${visitor}` : null;
}

/** The anonymous visitor cookie's id when the request carries a valid one (never sets it). */
export async function peekVisitorId(): Promise<string | null> {
  const visitor = (await cookies()).get(VISITOR_COOKIE)?.value;
  return visitor && VISITOR_ID.test(visitor) ? visitor : null;
}
