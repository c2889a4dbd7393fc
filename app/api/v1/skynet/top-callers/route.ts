import { skynetV1Route } from '@/server/api-v1/skynet';

/** Skynet's figure "top-callers" (see /api/v1/openapi.json). */
export const { GET, OPTIONS } = skynetV1Route('top-callers');
