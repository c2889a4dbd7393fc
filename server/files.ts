import 'server-only';

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import { sniffImageType } from '@/lib/avatar';
import { UserFacingError } from '@/lib/errors';
import { staffFileKeySchema } from '@/lib/schemas/api';
import { STAFF_FILE_MAX_BYTES, type StaffFileKind } from '@/lib/staff-files';

import { getConfig } from './config';
import { logger } from './logger';

/**
 * Files staff upload (project logos, audit report PDFs), stored like avatars: under DATA_DIR/files by default, or in
 * the bucket at FILES_BASE_URL. Keys are the content's SHA-256 with an extension, so a file never changes under its
 * URL (served as immutable) and the same upload twice is stored once.
 */
export const STAFF_FILE_RULES = {
  logo: { maxBytes: STAFF_FILE_MAX_BYTES.logo, label: 'a PNG, JPEG or WebP picture of at most 1 MB' },
  report: { maxBytes: STAFF_FILE_MAX_BYTES.report, label: 'a PDF of at most 20 MB' },
} as const satisfies Record<StaffFileKind, unknown>;
export type { StaffFileKind };

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'application/pdf': 'pdf' } as const;
type StoredType = keyof typeof EXTENSIONS;
const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type])) as Record<string, StoredType>;

export const isStaffFileKey = (key: string) => staffFileKeySchema.safeParse(key).success;

/** The real type of the bytes for this kind of upload, by magic bytes; a declared type proves nothing. */
export function sniffStaffFile(kind: StaffFileKind, bytes: Uint8Array): StoredType | null {
  if (kind === 'logo') return sniffImageType(bytes);
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  return pdf.every((byte, index) => bytes[index] === byte) ? 'application/pdf' : null;
}

type FileStore = { put(key: string, bytes: Uint8Array, type: StoredType): Promise<void>; get(key: string): Promise<Uint8Array | null> };

function localFileStore(dir: string): FileStore {
  return {
    async put(key, bytes) {
      await fs.mkdir(dir, { recursive: true });
      const target = path.join(dir, key);
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(path.join(dir, key)));
      } catch {
        return null;
      }
    },
  };
}

function bucketFileStore(baseUrl: string): FileStore {
  const url = (key: string) => `${baseUrl.replace(/\/$/, '')}/${key}`;
  return {
    async put(key, bytes, type) {
      const response = await fetch(url(key), { method: 'PUT', body: new Blob([bytes as BlobPart], { type }), headers: { 'content-type': type } });
      if (!response.ok) throw new Error(`file bucket PUT answered ${response.status}`);
    },
    async get() {
      return null;
    },
  };
}

let store: FileStore | null = null;
const fileStore = () => {
  const config = getConfig();
  store ??= config.filesBaseUrl ? bucketFileStore(config.filesBaseUrl) : localFileStore(path.join(config.dataDir, 'files'));
  return store;
};

/** Checks and stores an upload; returns its key. Refuses a wrong type or size with a message naming what is accepted. */
export async function saveStaffFile(kind: StaffFileKind, bytes: Uint8Array): Promise<{ key: string; type: string }> {
  const rule = STAFF_FILE_RULES[kind];
  const type = bytes.byteLength <= rule.maxBytes ? sniffStaffFile(kind, bytes) : null;
  if (!type) throw new UserFacingError(`Upload ${rule.label}.`, bytes.byteLength > rule.maxBytes ? 413 : 415);
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[type]}`;
  try {
    await fileStore().put(key, bytes, type);
  } catch (error) {
    logger.error({ err: error }, 'staff file upload failed');
    throw new UserFacingError('The file could not be stored. Try again.', 502);
  }
  return { key, type };
}

/** A stored file for the route that serves local files; null for an unknown or malformed key. */
export async function readStaffFile(key: string): Promise<{ bytes: Uint8Array; type: StoredType } | null> {
  if (!isStaffFileKey(key)) return null;
  const bytes = await fileStore().get(key);
  return bytes ? { bytes, type: TYPE_OF_EXTENSION[key.split('.').pop()!] } : null;
}

/** Where browsers read a stored file: the bucket, or the app's own route. */
export function staffFileUrl(key: string): string {
  return `${getConfig().filesBaseUrl ?? '/api/files'}/${key}`;
}
