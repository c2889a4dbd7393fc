/** A failure whose message is written for the user and safe to show as it is. */
export class UserFacingError extends Error {
  name = 'UserFacingError';
  constructor(
    message: string,
    /** The HTTP status a route handler answers with. */
    readonly status: number = 400,
  ) {
    super(message);
  }
}
