import { incidentListQuerySchema } from '@/lib/schemas/api-v1';
import { listIncidentsV1 } from '@/server/api-v1/alerts';
import { readV1Query, v1Route } from '@/server/api-v1/http';

/** The incident database with the /alerts page's filters, cursor-paged (JSON or CSV). */
export const { GET, OPTIONS } = v1Route(async (request) => listIncidentsV1(readV1Query(request, incidentListQuerySchema)));
