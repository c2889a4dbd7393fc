/** The console's upload route: which kind of file is sent, and what it answers. */
import { z } from '@/lib/zod';

import { STAFF_MESSAGES } from '../messages/staff';
import { STAFF_FILE_KINDS } from '../staff-files';
import { staffFileKeySchema } from './api';

export const staffUploadQuerySchema = z.object({ kind: z.enum(STAFF_FILE_KINDS, STAFF_MESSAGES.uploadKindInvalid) });

/** POST /api/staff/files: the stored file's key (what forms save) and where browsers read it. */
export const staffUploadSchema = z.object({ key: staffFileKeySchema, url: z.string() });
export type StaffUpload = z.infer<typeof staffUploadSchema>;
