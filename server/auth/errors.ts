import 'server-only';

import type { AuthExceptionName } from '@/lib/auth-errors';

const STATUS: Record<AuthExceptionName, number> = {
  NotAuthorizedException: 400,
  UserNotConfirmedException: 400,
  UsernameExistsException: 409,
  InvalidPasswordException: 400,
  CodeMismatchException: 400,
  ExpiredCodeException: 400,
  LimitExceededException: 429,
  InvalidParameterException: 400,
  UnknownException: 500,
};

/**
 * A refusal of the user pool, named as the UI expects (SPEC §8) and carrying its HTTP status; a rate-limit refusal
 * also says how many seconds to wait (the Retry-After of a route's 429).
 */
export class AuthException extends Error {
  readonly status: number;
  constructor(
    readonly exception: AuthExceptionName,
    message: string = exception,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = exception;
    this.status = STATUS[exception];
  }
}
