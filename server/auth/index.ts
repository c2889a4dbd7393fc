import 'server-only';

import NextAuth from 'next-auth';

import { edgeAuthConfig } from './edge-config';

/** The full Auth.js instance used by route handlers, pages and actions. */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  ...edgeAuthConfig,
  secret: process.env.AUTH_SECRET,
}));
