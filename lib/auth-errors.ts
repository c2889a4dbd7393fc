import { AUTH_MESSAGES } from './messages/auth';

/** The exception names our user pool answers with (SPEC §8, ARCHITECTURE "Auth"). */
export const AUTH_EXCEPTIONS = [
  'NotAuthorizedException',
  'UserNotConfirmedException',
  'UsernameExistsException',
  'InvalidPasswordException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
  'InvalidParameterException',
  'UnknownException',
] as const;
export type AuthExceptionName = (typeof AUTH_EXCEPTIONS)[number];

export function isAuthExceptionName(value: unknown): value is AuthExceptionName {
  return typeof value === 'string' && (AUTH_EXCEPTIONS as readonly string[]).includes(value);
}

export type AuthArea = 'login' | 'signup' | 'forgot-password' | 'reset' | 'verify' | 'resend';

/**
 * The message a form shows for an exception (SPEC §8). Names the table does not give for an area fall back to
 * the unknown-error message, except throttling, which always says so.
 */
export function authErrorMessage(area: AuthArea, name: string | null | undefined, email = ''): string {
  if (name === 'LimitExceededException') return AUTH_MESSAGES.attemptLimit;
  switch (area) {
    case 'login':
      if (name === 'NotAuthorizedException') return AUTH_MESSAGES.loginMismatch;
      break;
    case 'signup':
      if (name === 'UsernameExistsException') return AUTH_MESSAGES.emailTaken;
      if (name === 'InvalidPasswordException') return AUTH_MESSAGES.passwordRequirements;
      break;
    case 'reset':
      if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return AUTH_MESSAGES.resetCodeInvalid;
      if (name === 'InvalidPasswordException') return AUTH_MESSAGES.passwordRequirements;
      break;
    case 'verify':
      if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return AUTH_MESSAGES.verificationCodeInvalid;
      if (name === 'NotAuthorizedException') return AUTH_MESSAGES.notAwaitingAuthorization(email);
      break;
    case 'resend':
      if (name === 'NotAuthorizedException') return AUTH_MESSAGES.notAwaitingAuthorization(email);
      break;
  }
  return AUTH_MESSAGES.unknown;
}
