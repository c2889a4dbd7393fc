import { z } from '@/lib/zod';

import { CODE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { AUTH_MESSAGES } from '../messages/auth';

const EMAIL_MAX_LENGTH = 254;

/** SPEC §5 password helper: at least 8 characters with at least one digit and one letter (and at most 256). */
export function isValidPassword(password: unknown): password is string {
  return (
    typeof password === 'string' &&
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\d/.test(password) &&
    /[A-Za-z]/.test(password)
  );
}

/** The resend button's looser check: non-space text, @, non-space text, dot, non-space text. */
export function isResendableEmail(email: string): boolean {
  return /^\S+@\S+\.\S+$/.test(email);
}

const email = (requiredMessage: string) =>
  z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.invalidEmail)
    .pipe(z.email(AUTH_MESSAGES.invalidEmail));

const strongPassword = z.string(AUTH_MESSAGES.passwordRequirements).refine(isValidPassword, AUTH_MESSAGES.passwordRequirements);

const code = (requiredMessage: string) =>
  z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(CODE_LENGTH, `The code has ${CODE_LENGTH} characters.`);

// ---- Forms (SPEC §5, messages verbatim) ----

export const signupFormSchema = z.object({
  email: email(AUTH_MESSAGES.invalidEmail),
  password: strongPassword,
  acceptTerms: z.literal(true, 'Please accept the terms and the privacy policy.'),
});

export const loginFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.emailRequired).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH),
});

export const forgotPasswordFormSchema = z.object({ email: email(AUTH_MESSAGES.invalidEmail) });

export const resetPasswordFormSchema = z.object({
  code: code(AUTH_MESSAGES.resetCodeRequired),
  newPassword: strongPassword,
});

export const verifyEmailFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.verifyEmailRequired).max(EMAIL_MAX_LENGTH),
  verificationCode: code(AUTH_MESSAGES.verificationCodeRequired),
});

// ---- HTTP bodies of SPEC §7: types and sizes only; the pool applies the business rules and names the exception ----

const bodyEmail = z.string().trim().min(1, 'email is required').max(EMAIL_MAX_LENGTH, 'email is too long').pipe(z.email('email is not a valid email address'));
const bodyPassword = z.string('password must be a string').min(1, 'password is required').max(PASSWORD_MAX_LENGTH, 'password is too long');
const bodyCode = z
  .string('code must be a string')
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `code must be ${CODE_LENGTH} digits`);

export const signupBodySchema = z.strictObject({ email: bodyEmail, password: bodyPassword });
export const forgotPasswordBodySchema = z.strictObject({ email: bodyEmail });
export const resetPasswordBodySchema = z.strictObject({
  email: bodyEmail,
  code: bodyCode,
  newPassword: z.string('newPassword must be a string').min(1, 'newPassword is required').max(PASSWORD_MAX_LENGTH, 'newPassword is too long'),
});
export const verifyEmailBodySchema = z.strictObject({ email: bodyEmail, verificationCode: bodyCode });
export const resendConfirmationBodySchema = z.strictObject({ email: bodyEmail });
export const credentialsSchema = z.object({ email: bodyEmail, password: bodyPassword });

/** What every /api/auth call answers when it is done (SPEC §7). */
export const authDoneSchema = z.object({ msg: z.literal('SUCCESS') });
export type AuthDone = z.infer<typeof authDoneSchema>;
