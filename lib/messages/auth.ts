// Sign-up, log-in, verification and password reset (SPEC §5 and §8), and the session error codes.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email.',
  passwordRequirements: 'Password does not meet the requirements.',
  emailRequired: 'Please input your email address',
  passwordRequired: 'Please input your password',
  resetCodeRequired: 'Reset code is required',
  verificationCodeRequired: 'Please input your verification code',
  verifyEmailRequired: 'Please enter your email',
  loginMismatch: 'Email and password do not match. Please try again.',
  unknown: 'An unknown error has occurred. Please try again later.',
  emailTaken: 'This email has been taken.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  resetCodeInvalid: 'Invalid code provided, please request a code again.',
  verificationCodeInvalid: 'Incorrect or expired verification code',
  notAwaitingAuthorization: (email: string) => `Email ${email} is not awaiting authorization.`,
  emailVerified: 'Your email has been verified.',
  confirmationSent: (email: string) => `Confirmation code was sent to ${email}.`,
  passwordReset: 'Your password has been changed.',
  signedOut: 'Signed out successfully.',
  signOutFailed: 'Something went wrong.',
} as const;

/** Session mechanism (Auth.js) error codes named by SPEC §8. */
export const SESSION_ERROR_CODES = [
  'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  'NO_SECRET',
  'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  'EMAIL_REQUIRES_ADAPTER_ERROR',
  'CALLBACK_CREDENTIALS_JWT_ERROR',
] as const;
