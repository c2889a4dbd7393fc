import { skynetV1Route } from '@/server/api-v1/skynet';

/** Skynet's figure "metric-by-timestamps" (see /api/v1/openapi.json). */
export const { GET, OPTIONS } = skynetV1Route('metric-by-timestamps');
