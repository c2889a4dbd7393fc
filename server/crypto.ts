import 'server-only';

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

import { resolveAuthSecret } from './config';

// Secrets we must read back (a TOTP seed, a webhook signing secret) are stored encrypted (AES-256-GCM) under a key
// derived from the session secret, one key per purpose: a copy of the table alone yields no working secret.
const encryptionKey = (purpose: string) => Buffer.from(hkdfSync('sha256', resolveAuthSecret(), 'sentinel-shield', purpose, 32));

/** The stored form of a secret: iv.tag.ciphertext in base64url, sealed under the key of `purpose`. */
export function sealSecret(plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The secret back from its stored form; throws when it was altered or sealed for another purpose. */
export function openSecret(stored: string, purpose: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
