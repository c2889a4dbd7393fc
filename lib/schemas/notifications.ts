import { z } from '@/lib/zod';

import { ALERT_EMAIL_CHOICES } from '../notifications';

/** The `page` query parameter of /my/notifications: a positive whole number, anything else the first page. */
export const notificationPageSchema = z.coerce.number().int().min(1).catch(1);

/** The settings form's choice of how alerts arrive by mail. */
export const alertEmailSchema = z.object({ alertEmail: z.enum(ALERT_EMAIL_CHOICES) });
