import { alertIdSchema, jsonOnlyQuerySchema } from '@/lib/schemas/api-v1';
import { getAlertV1 } from '@/server/api-v1/alerts';
import { ApiProblem, readV1Param, readV1Query, v1Route } from '@/server/api-v1/http';

/** One alert with its sources, evidence and correction log. */
export const { GET, OPTIONS } = v1Route<{ id: string }>(async (request, params) => {
  readV1Query(request, jsonOnlyQuerySchema);
  const answer = await getAlertV1(readV1Param(params.id, alertIdSchema, 'alert'));
  if (!answer) throw new ApiProblem(404, 'No such alert.');
  return answer;
});
