import 'server-only';

import { createHmac, randomBytes } from 'node:crypto';

import { openSecret, sealSecret } from '../crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_SEAL_PURPOSE = 'webhook-signing-secret';

/** The stored form of an endpoint's signing secret (AES-GCM under the server's key): shown once, read back to sign. */
export const sealWebhookSecret = (secret: string): string => sealSecret(secret, SECRET_SEAL_PURPOSE);

/** An endpoint's signing secret from its stored form. */
export const openWebhookSecret = (sealed: string): string => openSecret(sealed, SECRET_SEAL_PURPOSE);

/** A new signing secret in the Standard Webhooks format: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The webhook-signature header of one message (Standard Webhooks): `v1,` and the base64 HMAC-SHA256, keyed with the
 * secret's decoded bytes, of `${id}.${timestamp}.${body}`. The timestamp is in unix seconds.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
