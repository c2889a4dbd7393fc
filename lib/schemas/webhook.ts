import { z } from '@/lib/zod';

import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX_LENGTH } from '../webhooks';

/**
 * An endpoint URL as typed: trimmed, at most 2,000 characters, an absolute http(s) URL without credentials. Whether
 * plain http or the address it names is allowed is the server's decision (server/webhooks/address.ts), as it
 * depends on the configuration and on DNS.
 */
export const webhookUrlSchema = z
  .string(WEBHOOK_MESSAGES.urlInvalid)
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MESSAGES.urlTooLong)
  .superRefine((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlCredentials });
    }
  });

export const createWebhookEndpointSchema = z.strictObject({
  url: webhookUrlSchema,
  description: z.string(WEBHOOK_MESSAGES.descriptionTooLong).trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MESSAGES.descriptionTooLong).default(''),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

/** Send test and remove name one endpoint of the caller's. */
export const webhookEndpointIdSchema = z.strictObject({ id: z.uuid(WEBHOOK_MESSAGES.notFound) });
