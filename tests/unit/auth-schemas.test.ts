import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import {
  credentialsSchema,
  forgotPasswordBodySchema,
  forgotPasswordFormSchema,
  isResendableEmail,
  isValidPassword,
  loginFormSchema,
  resendConfirmationBodySchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
  signupBodySchema,
  signupFormSchema,
  verifyEmailBodySchema,
  verifyEmailFormSchema,
} from '@/lib/schemas/auth';

// Expected messages are copied verbatim from SPEC §5.

/** The messages a schema gives for one field of input; fails the test when the input is accepted. */
function messagesFor(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be refused`).toBe(false);
  return result.error!.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

const accepts = (schema: z.ZodType, input: unknown) => schema.safeParse(input).success;

const without = (object: Record<string, unknown>, field: string) => {
  const copy = { ...object };
  delete copy[field];
  return copy;
};

describe('isValidPassword', () => {
  it.each(['abcdefg1', '1234567a', 'Passw0rd', 'A1bcdefgh', 'a'.repeat(255) + '1', 'ünïcode1a', "' OR 1=1 --"])('accepts %j', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });

  it.each([
    ['seven characters', 'abcde12'],
    ['no digit', 'abcdefgh'],
    ['no letter', '12345678'],
    ['only symbols', '!@#$%^&*()'],
    ['non-Latin letters only besides digits', 'пароль123'],
    ['empty', ''],
    ['257 characters', 'a'.repeat(256) + '1'],
  ])('refuses %s', (_label, password) => {
    expect(isValidPassword(password)).toBe(false);
  });

  it('accepts exactly 8 and exactly 256 characters', () => {
    expect(isValidPassword('abcdefg1')).toBe(true);
    expect(isValidPassword('1' + 'a'.repeat(255))).toBe(true);
    expect(isValidPassword('1' + 'a'.repeat(256))).toBe(false);
  });

  it.each([null, undefined, 12345678, ['abcdefg1'], { password: 'abcdefg1' }])('refuses the non-string %j', (value) => {
    expect(isValidPassword(value)).toBe(false);
  });
});

describe('isResendableEmail', () => {
  it.each(['a@b.c', 'ada@example.com', 'first.last+tag@sub.example.co.uk'])('accepts %j', (email) => {
    expect(isResendableEmail(email)).toBe(true);
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com', 'a@.', ' @ . '])('refuses %j', (email) => {
    expect(isResendableEmail(email)).toBe(false);
  });
});

describe('signupFormSchema', () => {
  const valid = { email: 'ada@example.com', password: 'abcdefg1', acceptTerms: true };

  it('accepts a valid sign-up with the box ticked', () => {
    expect(signupFormSchema.parse(valid)).toEqual(valid);
  });

  it.each(['', 'ada', 'ada@', 'ada@example', '@example.com', 'a b@example.com'])("says 'Invalid email.' for %j", (email) => {
    expect(messagesFor(signupFormSchema, { ...valid, email }, 'email')).toEqual(['Invalid email.']);
  });

  it("says 'Invalid email.' when the email is missing or too long", () => {
    expect(messagesFor(signupFormSchema, without(valid, 'email'), 'email')).toEqual(['Invalid email.']);
    expect(messagesFor(signupFormSchema, { ...valid, email: 'a'.repeat(250) + '@example.com' }, 'email')).toContain('Invalid email.');
  });

  it.each(['', 'short1', 'abcdefgh', '12345678', 'a'.repeat(256) + '1'])("says 'Password does not meet the requirements.' for %j", (password) => {
    expect(messagesFor(signupFormSchema, { ...valid, password }, 'password')).toEqual(['Password does not meet the requirements.']);
  });

  it("says 'Password does not meet the requirements.' when the password is missing", () => {
    expect(messagesFor(signupFormSchema, without(valid, 'password'), 'password')).toEqual(['Password does not meet the requirements.']);
  });

  it.each([false, undefined, 'true', 1])('refuses acceptTerms %j: the terms must be ticked', (acceptTerms) => {
    expect(messagesFor(signupFormSchema, { ...valid, acceptTerms }, 'acceptTerms')).toHaveLength(1);
  });
});

describe('loginFormSchema', () => {
  const valid = { email: 'ada@example.com', password: 'x' };

  it('accepts any non-empty email and password (the server judges them)', () => {
    expect(accepts(loginFormSchema, valid)).toBe(true);
  });

  it.each(['', '   '])("says 'Please input your email address' for %j", (email) => {
    expect(messagesFor(loginFormSchema, { ...valid, email }, 'email')).toEqual(['Please input your email address']);
  });

  it("says 'Please input your password' for an empty password", () => {
    expect(messagesFor(loginFormSchema, { ...valid, password: '' }, 'password')).toEqual(['Please input your password']);
  });
});

describe('forgotPasswordFormSchema', () => {
  it('accepts a valid email, trimmed', () => {
    expect(forgotPasswordFormSchema.parse({ email: '  ada@example.com ' })).toEqual({ email: 'ada@example.com' });
  });

  it.each(['', '   ', 'ada', 'ada@example'])("says 'Invalid email.' for %j", (email) => {
    expect(messagesFor(forgotPasswordFormSchema, { email }, 'email')).toEqual(['Invalid email.']);
  });

  it("says 'Invalid email.' when the email is missing", () => {
    expect(messagesFor(forgotPasswordFormSchema, {}, 'email')).toEqual(['Invalid email.']);
  });
});

describe('resetPasswordFormSchema', () => {
  const valid = { code: '123456', newPassword: 'abcdefg1' };

  it('accepts a code and a valid new password', () => {
    expect(accepts(resetPasswordFormSchema, valid)).toBe(true);
  });

  it.each(['', '   '])("says 'Reset code is required' for %j", (code) => {
    expect(messagesFor(resetPasswordFormSchema, { ...valid, code }, 'code')).toEqual(['Reset code is required']);
  });

  it("says 'Reset code is required' when the code is missing", () => {
    expect(messagesFor(resetPasswordFormSchema, without(valid, 'code'), 'code')).toEqual(['Reset code is required']);
  });

  it('refuses a code over 6 characters', () => {
    expect(messagesFor(resetPasswordFormSchema, { ...valid, code: '1234567' }, 'code')).toHaveLength(1);
  });

  it('follows the sign-up password rule', () => {
    expect(messagesFor(resetPasswordFormSchema, { ...valid, newPassword: 'abcdefgh' }, 'newPassword')).toEqual([
      'Password does not meet the requirements.',
    ]);
  });
});

describe('verifyEmailFormSchema', () => {
  const valid = { email: 'ada@example.com', verificationCode: '123456' };

  it('accepts an email and a code', () => {
    expect(accepts(verifyEmailFormSchema, valid)).toBe(true);
  });

  it.each(['', '   '])("says 'Please input your verification code' for %j", (verificationCode) => {
    expect(messagesFor(verifyEmailFormSchema, { ...valid, verificationCode }, 'verificationCode')).toEqual(['Please input your verification code']);
  });

  it("says 'Please input your verification code' when the code is missing", () => {
    expect(messagesFor(verifyEmailFormSchema, without(valid, 'verificationCode'), 'verificationCode')).toEqual([
      'Please input your verification code',
    ]);
  });

  it("says 'Please enter your email' for an empty email", () => {
    expect(messagesFor(verifyEmailFormSchema, { ...valid, email: '' }, 'email')).toEqual(['Please enter your email']);
  });

  it('refuses a code over 6 characters', () => {
    expect(messagesFor(verifyEmailFormSchema, { ...valid, verificationCode: '1234567' }, 'verificationCode')).toHaveLength(1);
  });
});

// ---- HTTP bodies of SPEC §7 ----

const NON_STRINGS: unknown[] = [42, 0, true, null, [], ['ada@example.com'], {}, { $ne: '' }];
const BAD_CODES = ['', '12345', '1234567', '12345a', 'abcdef', ' 12 34', '١٢٣٤٥٦', '１２３４５６', '123.45', '-12345', '<script>', "' OR 1=1 --"];

type BodyCase = { name: string; schema: z.ZodType; valid: Record<string, unknown>; emails: string[]; passwords: string[]; codes: string[] };

const BODIES: BodyCase[] = [
  { name: 'signupBodySchema', schema: signupBodySchema, valid: { email: 'ada@example.com', password: 'abcdefg1' }, emails: ['email'], passwords: ['password'], codes: [] },
  { name: 'forgotPasswordBodySchema', schema: forgotPasswordBodySchema, valid: { email: 'ada@example.com' }, emails: ['email'], passwords: [], codes: [] },
  {
    name: 'resetPasswordBodySchema',
    schema: resetPasswordBodySchema,
    valid: { email: 'ada@example.com', code: '012345', newPassword: 'abcdefg1' },
    emails: ['email'],
    passwords: ['newPassword'],
    codes: ['code'],
  },
  {
    name: 'verifyEmailBodySchema',
    schema: verifyEmailBodySchema,
    valid: { email: 'ada@example.com', verificationCode: '000000' },
    emails: ['email'],
    passwords: [],
    codes: ['verificationCode'],
  },
  { name: 'resendConfirmationBodySchema', schema: resendConfirmationBodySchema, valid: { email: 'ada@example.com' }, emails: ['email'], passwords: [], codes: [] },
];

describe.each(BODIES)('$name', ({ schema, valid, emails, passwords, codes }) => {
  const fields = Object.keys(valid);

  it('accepts the valid body', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, undefined, 'text', 42, [], [valid]]) expect(accepts(schema, body)).toBe(false);
  });

  it('refuses an extra unknown field (strict object)', () => {
    const result = schema.safeParse({ ...valid, isAdmin: true });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.code)).toContain('unrecognized_keys');
  });

  it.each(fields)('refuses a missing %s with a message naming it', (field) => {
    const result = schema.safeParse(without(valid, field));
    expect(result.success).toBe(false);
    expect(result.error!.issues.some((issue) => issue.path[0] === field && issue.message.length > 0)).toBe(true);
  });

  it.each(fields)('refuses a non-string %s', (field) => {
    for (const value of NON_STRINGS) {
      expect(messagesFor(schema, { ...valid, [field]: value }, field).length).toBeGreaterThan(0);
    }
  });

  if (emails.length > 0) it('refuses a malformed or oversized email', () => {
    for (const field of emails) {
      for (const value of ['', '   ', 'ada', '<script>', "' OR 1=1 --", 'ünïcödé@exämple.com', 'ada@example.com\u0000', 'a'.repeat(290) + '@example.com']) {
        expect(messagesFor(schema, { ...valid, [field]: value }, field).length).toBeGreaterThan(0);
      }
    }
  });

  if (emails.length > 0) it('trims the email and accepts apostrophes and plus signs', () => {
    for (const field of emails) {
      expect((schema.parse({ ...valid, [field]: "  o'brien+x@example.com " }) as Record<string, unknown>)[field]).toBe("o'brien+x@example.com");
    }
  });

  if (passwords.length > 0) it('refuses an empty or oversized password and keeps it untrimmed', () => {
    for (const field of passwords) {
      expect(messagesFor(schema, { ...valid, [field]: '' }, field).length).toBeGreaterThan(0);
      expect(messagesFor(schema, { ...valid, [field]: 'a1'.repeat(150) }, field).length).toBeGreaterThan(0);
      expect((schema.parse({ ...valid, [field]: ' abcdefg1 ' }) as Record<string, unknown>)[field]).toBe(' abcdefg1 ');
      expect(accepts(schema, { ...valid, [field]: 'a1'.repeat(128) })).toBe(true);
    }
  });

  if (codes.length > 0) it('refuses codes that are not exactly 6 ASCII digits', () => {
    for (const field of codes) {
      for (const value of BAD_CODES) expect(messagesFor(schema, { ...valid, [field]: value }, field).length).toBeGreaterThan(0);
      expect(accepts(schema, { ...valid, [field]: '000000' })).toBe(true);
      expect(accepts(schema, { ...valid, [field]: '999999' })).toBe(true);
    }
  });
});

describe('credentialsSchema', () => {
  it('accepts an email and any non-empty password up to 256 characters', () => {
    expect(accepts(credentialsSchema, { email: 'ada@example.com', password: 'x' })).toBe(true);
    expect(accepts(credentialsSchema, { email: 'ada@example.com', password: 'x'.repeat(256) })).toBe(true);
  });

  it('refuses missing, wrong-typed and oversized credentials', () => {
    expect(accepts(credentialsSchema, {})).toBe(false);
    expect(accepts(credentialsSchema, { email: 'ada@example.com', password: '' })).toBe(false);
    expect(accepts(credentialsSchema, { email: 'ada@example.com', password: 'x'.repeat(257) })).toBe(false);
    expect(accepts(credentialsSchema, { email: ['ada@example.com'], password: 'abcdefg1' })).toBe(false);
    expect(accepts(credentialsSchema, { email: 'ada@example.com', password: 12345678 })).toBe(false);
  });
});
