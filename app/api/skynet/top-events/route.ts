import { topQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getTopEvents } from '@/server/skynet/queries';

/** The project's most frequent events. */
export async function GET(request: Request) {
  try {
    const { projectId, count } = readQuery(request, topQuerySchema);
    return skynetJson(await getTopEvents(projectId, count));
  } catch (error) {
    return errorResponse(error);
  }
}
