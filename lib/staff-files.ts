/**
 * What staff may upload from the console, and how large it may be: shared by the store (server/files.ts), the upload
 * route, the console's pickers and next.config.ts (whose middleware would otherwise cut a large body short).
 */

export const STAFF_FILE_KINDS = ['logo', 'report'] as const;
export type StaffFileKind = (typeof STAFF_FILE_KINDS)[number];

export const STAFF_FILE_MAX_BYTES: Record<StaffFileKind, number> = {
  logo: 1024 * 1024,
  report: 20 * 1024 * 1024,
};

/** The largest upload of any kind: the body size the middleware must pass through whole. */
export const STAFF_UPLOAD_MAX_BYTES = Math.max(...Object.values(STAFF_FILE_MAX_BYTES));

/** The types a file picker offers for each kind (the server still checks the bytes themselves). */
export const STAFF_FILE_ACCEPT: Record<StaffFileKind, string> = {
  logo: 'image/png,image/jpeg,image/webp',
  report: 'application/pdf',
};
