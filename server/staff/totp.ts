import 'server-only';

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

import { BRAND_NAME } from '@/lib/constants';

import { resolveAuthSecret } from '../config';
import { openSecret, sealSecret } from '../crypto';

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is accepted too (clocks drift). */
const WINDOW = 1;

const totpFor = (base32Secret: string, label = '') =>
  new TOTP({ issuer: BRAND_NAME, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(base32Secret) });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 for manual entry. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(base32Secret: string, accountEmail: string): string {
  return totpFor(base32Secret, accountEmail).toString();
}

/**
 * The time step a code belongs to, or null when it is wrong. Codes are accepted once: a step at or before the last
 * accepted one is refused, so a code seen over a shoulder cannot be replayed.
 */
export function acceptedTotpStep(base32Secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(base32Secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

const TOTP_SEAL_PURPOSE = 'staff-totp-secret';

/** The stored form of a secret (AES-GCM under the server's key, server/crypto.ts): a copy of the table alone yields no working second factor. */
export const sealTotpSecret = (base32Secret: string): string => sealSecret(base32Secret, TOTP_SEAL_PURPOSE);

/** The secret back from its stored form. */
export const openTotpSecret = (stored: string): string => openSecret(stored, TOTP_SEAL_PURPOSE);

export const RECOVERY_CODE_COUNT = 10;

/** Ten single-use recovery codes like `k3f9-x2m7-q8w4`, from the system CSPRNG. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Recovery codes are kept as a keyed hash, compared without regard to case, spaces or dashes. */
export function hashRecoveryCode(code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return createHmac('sha256', resolveAuthSecret()).update(`recovery:${normalised}`).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
