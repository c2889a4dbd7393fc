import { z } from '@/lib/zod';

import { PASSWORD_MAX_LENGTH } from '../constants';
import { parseEvmAddress } from '../evm-address';
import { AUTH_MESSAGES } from '../messages/auth';
import { SETTINGS_MESSAGES } from '../messages/settings';
import { isValidPassword } from './auth';

export const USERNAME_MAX_LENGTH = 30;
export const WALLETS_PER_USER_MAX = 20;
export const EVENT_NAME_MAX_LENGTH = 100;
/** Serialized size of an event's properties; the whole request body is capped at 64 KiB before this. */
export const EVENT_PROPERTIES_MAX_BYTES = 8 * 1024;

/**
 * A username: lower-cased (so "Ada" and "ada" cannot both exist), 3–30 of a–z, 0–9, "-" and "_", starting with a
 * letter or digit. The same characters as generated usernames, and safe as a file or bucket key for the avatar.
 */
export const usernameSchema = z
  .string(SETTINGS_MESSAGES.usernameInvalid)
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^[a-z0-9][a-z0-9_-]{2,${USERNAME_MAX_LENGTH - 1}}$`), SETTINGS_MESSAGES.usernameInvalid);

export const updateUsernameSchema = z.strictObject({ username: usernameSchema });

/** An EVM address, checksum checked; the output is its EIP-55 checksummed form. */
export const walletAddressSchema = z
  .string(SETTINGS_MESSAGES.walletInvalid)
  .trim()
  .max(42, SETTINGS_MESSAGES.walletInvalid)
  .transform((value, ctx) => {
    const address = parseEvmAddress(value);
    if (!address) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.walletInvalid });
      return z.NEVER;
    }
    return address;
  });

export const addWalletSchema = z.strictObject({ walletAddress: walletAddressSchema });

/** A wallet as GET and POST /api/user/wallets answer it: checksummed, with when it was added (ISO 8601). */
export const walletSchema = z.object({ walletAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/), addedAt: z.iso.datetime() });
export type Wallet = z.infer<typeof walletSchema>;

/** POST /api/user/avatar answers whose avatar it now is (stored under the username) and the picture's new version. */
export const avatarOwnerSchema = z.object({ username: usernameSchema, avatarVersion: z.number().int().nonnegative() });
export type AvatarOwner = z.infer<typeof avatarOwnerSchema>;

const eventProperties = z
  .record(z.string().max(100, 'a property name is too long'), z.json())
  .refine(
    (properties) => new TextEncoder().encode(JSON.stringify(properties)).length <= EVENT_PROPERTIES_MAX_BYTES,
    `properties must be at most ${EVENT_PROPERTIES_MAX_BYTES / 1024} KiB as JSON`,
  );

/** POST /api/user/events: a name (required) and a plain object of properties (default `{}`). */
export const userEventSchema = z.strictObject({
  eventName: z
    .string('eventName is required')
    .trim()
    .min(1, 'eventName is required')
    .max(EVENT_NAME_MAX_LENGTH, `eventName must be at most ${EVENT_NAME_MAX_LENGTH} characters`),
  properties: eventProperties.default({}),
});

/** Change password: the current one (checked on the server), and a new one under the sign-up rule (SPEC §5). */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, SETTINGS_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX_LENGTH),
    newPassword: z.string(AUTH_MESSAGES.passwordRequirements).refine(isValidPassword, AUTH_MESSAGES.passwordRequirements),
    confirmPassword: z.string(),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ['confirmPassword'], message: SETTINGS_MESSAGES.passwordsDiffer })
  .refine((input) => input.newPassword !== input.currentPassword, { path: ['newPassword'], message: SETTINGS_MESSAGES.passwordUnchanged });
