import { projectListQuerySchema } from '@/lib/schemas/api-v1';
import { readV1Query, v1Route } from '@/server/api-v1/http';
import { listProjectsV1 } from '@/server/api-v1/projects';

/** Projects with the leaderboard's filters and sort, cursor-paged (JSON or CSV). */
export const { GET, OPTIONS } = v1Route(async (request) => listProjectsV1(readV1Query(request, projectListQuerySchema)));
