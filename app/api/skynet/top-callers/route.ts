import { topQuerySchema } from '@/lib/schemas/skynet';
import type { TopCaller } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getTopCallers } from '@/server/skynet/queries';

/** The addresses that call the project's contracts most. */
export const GET = route(async (request) => {
  const { projectId, count } = readQuery(request, topQuerySchema);
  return skynetJson((await getTopCallers(projectId, count)) satisfies TopCaller[]);
});
