import { topQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getTopCallers } from '@/server/skynet/queries';

/** The addresses that call the project's contracts most. */
export async function GET(request: Request) {
  try {
    const { projectId, count } = readQuery(request, topQuerySchema);
    return skynetJson(await getTopCallers(projectId, count));
  } catch (error) {
    return errorResponse(error);
  }
}
