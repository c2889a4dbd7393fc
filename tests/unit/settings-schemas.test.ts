import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import { changePasswordSchema, EVENT_PROPERTIES_MAX_BYTES, userEventSchema, usernameSchema } from '@/lib/schemas/settings';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('usernames', () => {
  it('are trimmed and lower-cased', () => {
    expect(usernameSchema.parse('  Ada_Lovelace-2 ')).toBe('ada_lovelace-2');
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(31)],
    ['starting with a hyphen', '-ada'],
    ['with a space', 'ada lovelace'],
    ['with a slash', 'ada/../x'],
    ['with a dot', 'ada.l'],
  ])('refuse one %s', (_label, name) => {
    expect(firstMessage(usernameSchema.safeParse(name))).toBe(SETTINGS_MESSAGES.usernameInvalid);
  });

  it('allow 30 characters', () => {
    expect(usernameSchema.safeParse('a'.repeat(30)).success).toBe(true);
  });
});

describe('user events', () => {
  it('default their properties to an empty object', () => {
    expect(userEventSchema.parse({ eventName: 'opened' })).toEqual({ eventName: 'opened', properties: {} });
  });

  it('need a name of at most 100 characters', () => {
    expect(userEventSchema.safeParse({ properties: {} }).success).toBe(false);
    expect(userEventSchema.safeParse({ eventName: '  ' }).success).toBe(false);
    expect(userEventSchema.safeParse({ eventName: 'e'.repeat(101) }).success).toBe(false);
  });

  it('take a plain object of properties up to 8 KiB', () => {
    expect(userEventSchema.safeParse({ eventName: 'e', properties: [1] }).success).toBe(false);
    expect(userEventSchema.safeParse({ eventName: 'e', properties: 'x' }).success).toBe(false);
    expect(userEventSchema.safeParse({ eventName: 'e', properties: { big: 'x'.repeat(EVENT_PROPERTIES_MAX_BYTES) } }).success).toBe(false);
    expect(userEventSchema.safeParse({ eventName: 'e', properties: { nested: { a: [1, null, 'b'] } } }).success).toBe(true);
  });
});

describe('change password', () => {
  const valid = { currentPassword: 'old-pass-1', newPassword: 'new-pass-2', confirmPassword: 'new-pass-2' };

  it('accepts a new password under the sign-up rule, typed twice', () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });

  it('needs the current password', () => {
    expect(firstMessage(changePasswordSchema.safeParse({ ...valid, currentPassword: '' }))).toBe(SETTINGS_MESSAGES.currentPasswordRequired);
  });

  it('refuses a weak new password with the sign-up message', () => {
    expect(firstMessage(changePasswordSchema.safeParse({ ...valid, newPassword: 'lettersonly', confirmPassword: 'lettersonly' }))).toBe(AUTH_MESSAGES.passwordRequirements);
  });

  it('refuses a confirmation that differs, and a new password equal to the current one', () => {
    expect(firstMessage(changePasswordSchema.safeParse({ ...valid, confirmPassword: 'new-pass-3' }))).toBe(SETTINGS_MESSAGES.passwordsDiffer);
    expect(firstMessage(changePasswordSchema.safeParse({ ...valid, newPassword: 'old-pass-1', confirmPassword: 'old-pass-1' }))).toBe(SETTINGS_MESSAGES.passwordUnchanged);
  });
});
