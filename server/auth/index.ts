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
import { authenticate, signInWithProvider } from './pool';
import { currentAvatarVersion, isSessionCurrent, newSessionId, revokeSession, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './sessions';

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
          return { id: user.id, email: user.email, name: user.username, image: user.image, username: user.username, sessionVersion: user.sessionVersion };
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
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    secret: resolveAuthSecret(config),
    providers,
    callbacks: {
      ...edgeAuthConfig.callbacks,
      // Google must vouch for the address: an unverified email could be anyone's, and it would claim their account.
      signIn({ account, profile }) {
        return account?.provider !== 'google' || profile?.email_verified === true;
      },
      async jwt(params) {
        const { token, account, profile, user, trigger } = params;
        // A Google sign-in becomes (or finds) a member of our own pool, so every session has one user id.
        if (account?.provider === 'google') {
          const member = await signInWithProvider({
            provider: 'google',
            providerAccountId: account.providerAccountId,
            email: profile?.email ?? user?.email ?? '',
            emailVerified: profile?.email_verified === true,
            image: user?.image ?? null,
          });
          return { ...token, sub: member.id, username: member.username, email: member.email, sv: member.sessionVersion, sid: newSessionId(), av: await currentAvatarVersion(member.id) };
        }
        // A password sign-in: the session starts at the user's current version, with an id of its own.
        if (user) {
          const signedIn = edgeAuthConfig.callbacks.jwt(params);
          const av = signedIn.sub ? await currentAvatarVersion(signedIn.sub) : null;
          return { ...signedIn, sv: (user as { sessionVersion?: number }).sessionVersion ?? 0, sid: newSessionId(), av };
        }
        if (!token.sub) return token;
        if (trigger === 'update') {
          // A username change in settings asks for a fresh session; the name is read from the database, never the client.
          const username = await getUsername(token.sub);
          if (username) token.username = username;
        }
        // Every request's session check: a password change, a reset or "Sign out of all devices" ends older sessions.
        if (!(await isSessionCurrent(token.sub, token.sv, token.sid))) return null;
        // The picture's version comes from the same cached row as the check, so it costs no query of its own.
        token.av = await currentAvatarVersion(token.sub);
        return token;
      },
      async session(params) {
        const session = edgeAuthConfig.callbacks.session(params);
        // Flags travel with the session, read at request time, so the browser knows them as soon as it knows the user.
        const avatarVersion = typeof params.token.av === 'number' ? params.token.av : null;
        return { ...session, user: { ...session.user, avatarVersion }, flags: await getFlagsForUser(params.token.sub ?? null) };
      },
    },
    events: {
      // Signing out ends the session itself, not only this browser's cookie.
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        if (token?.sub && typeof token.sid === 'string') {
          const expiresAt = new Date((typeof token.exp === 'number' ? token.exp : Date.now() / 1000 + SESSION_MAX_AGE_SECONDS) * 1000);
          await revokeSession(token.sub, token.sid, expiresAt);
        }
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
