import { topQuerySchema } from '@/lib/schemas/skynet';
import type { TopEvent } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getTopEvents } from '@/server/skynet/queries';

/** The project's most frequent events. */
export const GET = route(async (request) => {
  const { projectId, count } = readQuery(request, topQuerySchema);
  return skynetJson((await getTopEvents(projectId, count)) satisfies TopEvent[]);
});
