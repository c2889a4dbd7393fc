import { z } from '@/lib/zod';

/**
 * Answer shapes every HTTP route shares (SPEC §7). The routes type their answers by them and the OpenAPI document
 * (server/openapi.ts) is generated from them, so the two describe one shape.
 */

/** Every 4xx/5xx answer: the exception name of the user pool, or a message safe to show. */
export const apiErrorSchema = z.object({ error: z.string() });

/** A change that has nothing to report but that it was done. */
export const doneSchema = z.object({ ok: z.literal(true) });

/** A row that was just created, by its id. */
export const createdSchema = z.object({ id: z.uuid() });

/** GET /api/health, with 200 (the database answers) or 503 (it does not, or the instance is shutting down). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  database: z.enum(['up', 'down', 'unknown']),
});

export type Done = z.infer<typeof doneSchema>;
export type Created = z.infer<typeof createdSchema>;
export type Health = z.infer<typeof healthSchema>;

/** A stored staff file's key: the content's SHA-256 and its extension (server/files.ts). */
export const staffFileKeySchema = z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp|pdf)$/, 'not a file key');
