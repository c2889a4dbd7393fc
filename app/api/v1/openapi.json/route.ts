import { jsonOnlyQuerySchema } from '@/lib/schemas/api-v1';
import { readV1Query, v1Route } from '@/server/api-v1/http';
import { apiV1Document } from '@/server/api-v1/openapi';

/** The OpenAPI 3.1 document of the public API. */
export const { GET, OPTIONS } = v1Route(async (request) => {
  readV1Query(request, jsonOnlyQuerySchema);
  return { body: apiV1Document };
});
