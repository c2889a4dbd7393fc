import { describe, expect, it } from 'vitest';

import { authErrorMessage, isAuthExceptionName, type AuthArea } from '@/lib/auth-errors';

// Expected texts are copied verbatim from SPEC §8 ("Messages").

const UNKNOWN = 'An unknown error has occurred. Please try again later.';

describe('authErrorMessage: the rows of SPEC §8', () => {
  it.each<[AuthArea, string, string]>([
    ['login', 'NotAuthorizedException', 'Email and password do not match. Please try again.'],
    ['login', 'UnknownException', UNKNOWN],
    ['signup', 'UsernameExistsException', 'This email has been taken.'],
    ['signup', 'InvalidPasswordException', 'Password does not meet the requirements.'],
    ['signup', 'UnknownException', UNKNOWN],
    ['forgot-password', 'LimitExceededException', 'Attempt limit exceeded, please try after some time.'],
    ['forgot-password', 'UnknownException', UNKNOWN],
    ['reset', 'CodeMismatchException', 'Invalid code provided, please request a code again.'],
    ['reset', 'ExpiredCodeException', 'Invalid code provided, please request a code again.'],
    ['reset', 'UnknownException', UNKNOWN],
    ['verify', 'CodeMismatchException', 'Incorrect or expired verification code'],
    ['verify', 'ExpiredCodeException', 'Incorrect or expired verification code'],
    ['verify', 'UnknownException', UNKNOWN],
  ])('%s + %s → %j', (area, name, message) => {
    expect(authErrorMessage(area, name, 'a@b.co')).toBe(message);
  });

  it("verify + NotAuthorizedException names the email: 'Email {email} is not awaiting authorization.'", () => {
    expect(authErrorMessage('verify', 'NotAuthorizedException', 'a@b.co')).toBe('Email a@b.co is not awaiting authorization.');
    expect(authErrorMessage('verify', 'NotAuthorizedException', 'ada.lovelace@example.com')).toBe(
      'Email ada.lovelace@example.com is not awaiting authorization.',
    );
  });

  it('throttling says so in every area', () => {
    for (const area of ['login', 'signup', 'forgot-password', 'reset', 'verify', 'resend'] as const) {
      expect(authErrorMessage(area, 'LimitExceededException')).toBe('Attempt limit exceeded, please try after some time.');
    }
  });

  it('falls back to the unknown-error message for names the table does not give an area, and for none at all', () => {
    expect(authErrorMessage('login', 'UsernameExistsException')).toBe(UNKNOWN);
    expect(authErrorMessage('signup', 'CodeMismatchException')).toBe(UNKNOWN);
    expect(authErrorMessage('forgot-password', 'NotAuthorizedException')).toBe(UNKNOWN);
    expect(authErrorMessage('login', 'SomethingNew')).toBe(UNKNOWN);
    expect(authErrorMessage('verify', null)).toBe(UNKNOWN);
    expect(authErrorMessage('reset', undefined)).toBe(UNKNOWN);
    expect(authErrorMessage('signup', '')).toBe(UNKNOWN);
  });

  it('a code verify error is not the reset message and vice versa', () => {
    expect(authErrorMessage('verify', 'CodeMismatchException')).not.toBe(authErrorMessage('reset', 'CodeMismatchException'));
  });

});

describe('isAuthExceptionName', () => {
  it('knows every exception name of SPEC §8', () => {
    for (const name of [
      'NotAuthorizedException',
      'UserNotConfirmedException',
      'UsernameExistsException',
      'InvalidPasswordException',
      'CodeMismatchException',
      'ExpiredCodeException',
      'LimitExceededException',
      'UnknownException',
    ]) {
      expect(isAuthExceptionName(name)).toBe(true);
    }
  });

  it.each([null, undefined, 42, '', 'notauthorizedexception', 'Error', {}])('refuses %j', (value) => {
    expect(isAuthExceptionName(value)).toBe(false);
  });
});
