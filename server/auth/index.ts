import 'server-only';

import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import Google from 'next-auth/providers/google';

import type { AuthExceptionName } from '@/lib/auth-errors';
import { credentialsSchema } from '@/lib/schemas/auth';

import { getConfig, resolveAuthSecret } from '../config';
import { getFlagsForUser } from '../flags';
import { logger } from '../logger';
import { getUsername } from '../users';
import { clientIp } from '../request-ip';
import { edgeAuthConfig } from './edge-config';
import { AuthException } from './errors';
import { authenticate, findOrCreateOAuthUser } from './pool';

/** A refused login whose `code` is the pool's exception name, which the client reads from the sign-in reply. */
class PoolSignInError extends CredentialsSignin {
  constructor(exception: AuthExceptionName) {
    super(exception);
    this.code = exception;
  }
}

function buildConfig(): NextAuthConfig {
  const config = getConfig();
  const providers: NextAuthConfig['providers'] = [
    Credentials({
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse({ email: raw?.email, password: raw?.password });
        if (!parsed.success) throw new PoolSignInError('NotAuthorizedException');
        try {
          const user = await authenticate({ ...parsed.data, ip: clientIp(request.headers) });
          return { id: user.id, email: user.email, name: user.username, image: user.image, username: user.username };
        } catch (error) {
          if (error instanceof AuthException) throw new PoolSignInError(error.exception);
          logger.error({ err: error }, 'login failed unexpectedly');
          throw new PoolSignInError('UnknownException');
        }
      },
    }),
  ];
  if (config.google) {
    providers.push(
      Google({
        clientId: config.google.id,
        clientSecret: config.google.secret,
        authorization: { params: { scope: 'openid email profile', response_type: 'code' } },
      }),
    );
  }

  return {
    ...edgeAuthConfig,
    secret: resolveAuthSecret(config),
    providers,
    callbacks: {
      ...edgeAuthConfig.callbacks,
      async jwt(params) {
        // A Google sign-in becomes (or finds) a confirmed member of our own pool, so every session has one user id.
        if (params.account?.provider === 'google' && params.user?.email) {
          const member = await findOrCreateOAuthUser({ email: params.user.email, image: params.user.image ?? null });
          params.token.sub = member.id;
          params.token.username = member.username;
          params.token.email = member.email;
          return params.token;
        }
        // A username change in settings asks for a fresh session; the name is read from the database, never the client.
        if (params.trigger === 'update' && params.token.sub) {
          const username = await getUsername(params.token.sub);
          if (username) params.token.username = username;
          return params.token;
        }
        return edgeAuthConfig.callbacks.jwt(params);
      },
      async session(params) {
        const session = edgeAuthConfig.callbacks.session(params);
        // Flags travel with the session, read at request time, so the browser knows them as soon as it knows the user.
        return { ...session, flags: await getFlagsForUser(params.token.sub ?? null) };
      },
    },
    logger: {
      error: (error) => {
        // A refused password is an expected outcome, not a server fault.
        if (error instanceof CredentialsSignin) return;
        logger.error({ err: error }, 'auth error');
      },
      warn: (code) => logger.warn({ code }, 'auth warning'),
    },
  };
}

/** The full Auth.js instance used by route handlers, pages and actions. */
export const { handlers, auth, signIn, signOut } = NextAuth(buildConfig);
