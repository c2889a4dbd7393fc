import NextAuth from 'next-auth';
import { NextResponse } from 'next/server';

import { edgeAuthConfig, SIGN_IN_PATH } from '@/server/auth/edge-config';

const { auth } = NextAuth(edgeAuthConfig);

/** Fast gate for /my/*: no session, no page. Every page and action checks the user again on its own. */
export default auth((request) => {
  if (request.auth?.user) return NextResponse.next();
  const signIn = new URL(SIGN_IN_PATH, request.nextUrl.origin);
  signIn.searchParams.set('error', 'SessionRequired');
  signIn.searchParams.set('callbackUrl', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
});

export const config = {
  matcher: ['/my/:path*'],
  // Node runtime: it reads the session key that the server provides at start.
  runtime: 'nodejs',
};
