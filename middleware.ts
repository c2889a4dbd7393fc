import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';

import { SIGN_IN_PATH } from '@/server/auth/edge-config';

/**
 * Fast gate for /my/*: no session, no page. It only reads the session cookie and never writes one, so a /my
 * request still in flight cannot undo a sign-out. Every page and action checks the user again on its own.
 */
export default async function middleware(request: NextRequest) {
  const token = await getToken({ req: request, secret: process.env.AUTH_SECRET, secureCookie: request.nextUrl.protocol === 'https:' });
  if (token?.sub) return NextResponse.next();
  const signIn = new URL(SIGN_IN_PATH, request.nextUrl.origin);
  signIn.searchParams.set('error', 'SessionRequired');
  signIn.searchParams.set('callbackUrl', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: ['/my/:path*'],
  // Node runtime: it reads the session key that the server provides at start.
  runtime: 'nodejs',
};
