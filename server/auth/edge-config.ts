import 'server-only';

import type { NextAuthConfig } from 'next-auth';

import { safeCallbackPath } from '@/lib/callback-url';

/** The sign-in page that the required-session redirect and Auth.js's own pages point to. */
export const SIGN_IN_PATH = '/auth/login';

/**
 * The part of the Auth.js configuration that needs no database, shared by the middleware and the full config.
 * Sessions are JWTs so the middleware can check them without a query.
 */
export const edgeAuthConfig = {
  trustHost: true,
  session: { strategy: 'jwt' },
  pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
  providers: [],
  callbacks: {
    // Auth.js's default follows any value starting with '/', so `/\evil.example` left the site.
    redirect({ url, baseUrl }) {
      return new URL(safeCallbackPath(url, baseUrl), baseUrl).href;
    },
    jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.username = (user as { username?: string }).username;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      (session.user as { username?: string }).username = token.username as string | undefined;
      return session;
    },
  },
} satisfies NextAuthConfig;
