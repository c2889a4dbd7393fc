import { topQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getTopFunctionCalls } from '@/server/skynet/queries';

/** The project's most called functions. */
export async function GET(request: Request) {
  try {
    const { projectId, count } = readQuery(request, topQuerySchema);
    return skynetJson(await getTopFunctionCalls(projectId, count));
  } catch (error) {
    return errorResponse(error);
  }
}
