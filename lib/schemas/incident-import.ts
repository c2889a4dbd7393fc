import { z } from '@/lib/zod';

/** The console's import call: the file's name says its format (.json or .csv); a dry run only reports. */
export const incidentImportQuerySchema = z.strictObject({
  name: z.string().trim().regex(/^[\w .()-]{1,120}\.(json|csv)$/i, 'name must be the file name, ending in .json or .csv'),
  dryRun: z.enum(['true', 'false'], 'dryRun must be true or false').transform((value) => value === 'true'),
});
