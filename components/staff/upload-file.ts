import { http } from '@/lib/http';
import type { StaffUpload } from '@/lib/schemas/staff-file';
import type { StaffFileKind } from '@/lib/staff-files';

/**
 * Sends a file picked in a console form to the upload route; resolves to the key the form saves and the address to
 * preview it. Refusals (wrong type, too large) reject with an HttpError whose message is the server's, safe to show.
 */
export function uploadStaffFile(kind: StaffFileKind, file: Blob): Promise<StaffUpload> {
  return http.upload<StaffUpload>('/api/staff/files', file, { query: { kind } });
}
