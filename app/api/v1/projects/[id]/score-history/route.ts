import { formatOnlyQuerySchema, projectIdSchema } from '@/lib/schemas/api-v1';
import { ApiProblem, readV1Param, readV1Query, v1Route } from '@/server/api-v1/http';
import { getScoreHistoryV1 } from '@/server/api-v1/projects';

/** A project's score history, oldest first (JSON or CSV). */
export const { GET, OPTIONS } = v1Route<{ id: string }>(async (request, params) => {
  readV1Query(request, formatOnlyQuerySchema);
  const answer = await getScoreHistoryV1(readV1Param(params.id, projectIdSchema, 'project'));
  if (!answer) throw new ApiProblem(404, 'No such project.');
  return answer;
});
