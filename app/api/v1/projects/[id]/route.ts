import { jsonOnlyQuerySchema, projectIdSchema } from '@/lib/schemas/api-v1';
import { ApiProblem, readV1Param, readV1Query, v1Route } from '@/server/api-v1/http';
import { getProjectV1 } from '@/server/api-v1/projects';

/** One project with its score, pillars, audits and alerts. */
export const { GET, OPTIONS } = v1Route<{ id: string }>(async (request, params) => {
  readV1Query(request, jsonOnlyQuerySchema);
  const answer = await getProjectV1(readV1Param(params.id, projectIdSchema, 'project'));
  if (!answer) throw new ApiProblem(404, 'No such project.');
  return answer;
});
