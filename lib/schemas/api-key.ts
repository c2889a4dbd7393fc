import { z } from '@/lib/zod';

import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH } from '../api-keys';

/** Creating an API key: its name, trimmed, 1 to 60 characters (the table's check says the same). */
export const createApiKeySchema = z.strictObject({
  name: z.string(API_KEY_MESSAGES.nameRequired).trim().min(1, API_KEY_MESSAGES.nameRequired).max(API_KEY_NAME_MAX_LENGTH, API_KEY_MESSAGES.nameTooLong),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** Revoking names one key of the caller's. */
export const apiKeyIdSchema = z.strictObject({ id: z.uuid(API_KEY_MESSAGES.notFound) });
