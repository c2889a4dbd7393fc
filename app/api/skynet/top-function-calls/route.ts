import { topQuerySchema } from '@/lib/schemas/skynet';
import type { TopFunctionCall } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getTopFunctionCalls } from '@/server/skynet/queries';

/** The project's most called functions. */
export const GET = route(async (request) => {
  const { projectId, count } = readQuery(request, topQuerySchema);
  return skynetJson((await getTopFunctionCalls(projectId, count)) satisfies TopFunctionCall[]);
});
