import { metricByTimestampsQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getMetricByTimestamps } from '@/server/skynet/queries';

/** A series' value at each of the given unix times. */
export async function GET(request: Request) {
  try {
    const { name, timestamps } = readQuery(request, metricByTimestampsQuerySchema);
    return skynetJson(await getMetricByTimestamps(name, timestamps));
  } catch (error) {
    return errorResponse(error);
  }
}
