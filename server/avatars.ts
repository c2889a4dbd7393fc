import 'server-only';

import fs from 'node:fs/promises';
import path from 'node:path';

import { AVATAR_MAX_BYTES, AVATAR_TYPES, sniffImageType, type AvatarType } from '@/lib/avatar';
import { UserFacingError } from '@/lib/errors';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';

import { getConfig } from './config';
import { logger } from './logger';

/** Where avatars live, keyed by username (SPEC §3): local files by default, a bucket under AVATAR_BASE_URL. */
export type AvatarStore = {
  put(username: string, bytes: Uint8Array, type: AvatarType): Promise<void>;
  /** The stored picture, for the route that serves local files; null when there is none. */
  get(username: string): Promise<{ bytes: Uint8Array; type: AvatarType } | null>;
  /** Follows a username change, so the picture stays with its owner. */
  move(from: string, to: string): Promise<void>;
  /** The stored pictures' owners and times, for recording them on users; a store that cannot be listed gives none. */
  list(): Promise<{ username: string; storedAt: Date }[]>;
};

/** Store keys are usernames; anything else (a path, a dot) never reaches the file system or the bucket. */
export const isAvatarKey = (key: string) => /^[a-z0-9][a-z0-9_-]{0,63}$/.test(key);

function checkKey(key: string): string {
  if (!isAvatarKey(key)) throw new Error(`not an avatar key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under DATA_DIR/avatars, one per username; the type is sniffed again when served. */
export function localAvatarStore(dir: string): AvatarStore {
  const file = (username: string) => path.join(dir, checkKey(username));
  return {
    async put(username, bytes) {
      await fs.mkdir(dir, { recursive: true });
      // Write beside, then rename: a reader never sees half a picture.
      const temp = `${file(username)}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file(username));
    },
    async get(username) {
      if (!isAvatarKey(username)) return null;
      try {
        const bytes = new Uint8Array(await fs.readFile(file(username)));
        const type = sniffImageType(bytes);
        return type ? { bytes, type } : null;
      } catch {
        return null;
      }
    },
    async move(from, to) {
      try {
        await fs.rename(file(from), file(to));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // No picture to carry over: make sure no stale picture waits under the new name either.
        await fs.rm(file(to), { force: true });
      }
    },
    async list() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      // Half-written uploads (.tmp) and anything else that is not a username are no one's picture.
      const pictures = await Promise.all(
        names.filter(isAvatarKey).map(async (username) => {
          const stat = await fs.stat(file(username)).catch(() => null);
          return stat?.isFile() ? { username, storedAt: stat.mtime } : null;
        }),
      );
      return pictures.filter((picture) => picture !== null);
    },
  };
}

/**
 * A bucket that accepts HTTP PUT and DELETE at `${baseUrl}/${username}` from the app (a storage proxy or a bucket
 * policy grants that); browsers read the same URLs directly.
 */
export function bucketAvatarStore(baseUrl: string, fetchImpl: typeof fetch = fetch): AvatarStore {
  const url = (username: string) => `${baseUrl.replace(/\/$/, '')}/${checkKey(username)}`;
  const put = async (username: string, bytes: Uint8Array, type: AvatarType) => {
    const response = await fetchImpl(url(username), { method: 'PUT', body: new Blob([bytes as BlobPart], { type }), headers: { 'content-type': type } });
    if (!response.ok) throw new Error(`avatar bucket PUT answered ${response.status}`);
  };
  return {
    put,
    async get() {
      return null;
    },
    async move(from, to) {
      const response = await fetchImpl(url(from));
      if (!response.ok) return;
      const bytes = new Uint8Array(await response.arrayBuffer());
      const type = sniffImageType(bytes);
      if (type) await put(to, bytes, type);
      await fetchImpl(url(from), { method: 'DELETE' }).catch(() => undefined);
    },
    async list() {
      return [];
    },
  };
}

let store: AvatarStore | null = null;

/** The configured avatar store. */
export function getAvatarStore(): AvatarStore {
  const config = getConfig();
  store ??= config.avatarBaseUrl ? bucketAvatarStore(config.avatarBaseUrl) : localAvatarStore(path.join(config.dataDir, 'avatars'));
  return store;
}

/** The base URL browsers read avatars from: the bucket, or the app's own route over the local files. */
export function avatarPublicBaseUrl(): string {
  return getConfig().avatarBaseUrl ?? '/api/avatars';
}

/**
 * Checks an uploaded picture and returns its real type: at most 1 MB, and PNG, JPEG or WebP by its magic bytes
 * (a declared type alone proves nothing; a declared type that is not a picture is refused as well).
 */
export function checkAvatar(bytes: Uint8Array, declaredType: string | null): AvatarType {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new UserFacingError(SETTINGS_MESSAGES.avatarTooLarge, 413);
  if (declaredType && !(AVATAR_TYPES as readonly string[]).includes(declaredType)) throw new UserFacingError(SETTINGS_MESSAGES.avatarWrongType, 415);
  const type = sniffImageType(bytes);
  if (!type) throw new UserFacingError(SETTINGS_MESSAGES.avatarWrongType, 415);
  return type;
}

/** Stores a checked picture as the avatar of `username`. */
export async function saveAvatar(username: string, bytes: Uint8Array, declaredType: string | null): Promise<void> {
  const type = checkAvatar(bytes, declaredType);
  try {
    await getAvatarStore().put(username, bytes, type);
  } catch (error) {
    logger.error({ err: error }, 'avatar upload failed');
    throw new UserFacingError(SETTINGS_MESSAGES.avatarFailed, 502);
  }
}
