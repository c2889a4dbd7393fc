import { NextResponse } from 'next/server';

import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { staffUploadQuerySchema, type StaffUpload } from '@/lib/schemas/staff-file';
import { STAFF_FILE_MAX_BYTES, type StaffFileKind } from '@/lib/staff-files';
import { BadRequest, readBytes, route } from '@/server/api';
import { saveStaffFile, staffFileUrl } from '@/server/files';
import { requireStaff } from '@/server/staff/access';
import type { StaffPermission } from '@/server/staff/permissions';

/** Logos belong to the project form, report PDFs to the audit form: whoever may save the form may upload its file. */
const UPLOAD_PERMISSION: Record<StaffFileKind, StaffPermission> = { logo: 'projects.write', report: 'audits.write' };

/**
 * Stores a console upload (`?kind=logo|report`, the file's bytes as the body) and answers its key, which the form
 * then saves, and its address. Anyone who may not upload it gets 404, whatever they sent.
 */
export const POST = route(async (request) => {
  const query = staffUploadQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // The staff check comes first, so a stranger's bad query is a 404 like any other staff call of theirs.
  await requireStaff(query.success ? UPLOAD_PERMISSION[query.data.kind] : 'projects.write');
  if (!query.success) throw new BadRequest(STAFF_MESSAGES.uploadKindInvalid);
  const { kind } = query.data;
  const maxBytes = STAFF_FILE_MAX_BYTES[kind];
  const bytes = await readBytes(request, maxBytes, STAFF_MESSAGES.uploadTooLarge(maxBytes / (1024 * 1024)));
  const { key } = await saveStaffFile(kind, bytes);
  return NextResponse.json({ key, url: staffFileUrl(key) } satisfies StaffUpload, { status: 201, headers: { 'cache-control': 'no-store' } });
});
