import { metricLatestQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getMetricLatest } from '@/server/skynet/queries';

/** The newest value of a named series, e.g. ?name=exchanges(projectId=bitcoin). */
export async function GET(request: Request) {
  try {
    const { name } = readQuery(request, metricLatestQuerySchema);
    return skynetJson(await getMetricLatest(name));
  } catch (error) {
    return errorResponse(error);
  }
}
