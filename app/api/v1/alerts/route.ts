import { alertListQuerySchema } from '@/lib/schemas/api-v1';
import { listAlertsV1 } from '@/server/api-v1/alerts';
import { readV1Query, v1Route } from '@/server/api-v1/http';

/** Published alerts, newest first, cursor-paged (JSON or CSV). */
export const { GET, OPTIONS } = v1Route(async (request) => listAlertsV1(readV1Query(request, alertListQuerySchema)));
