import { metricByTimestampsQuerySchema } from '@/lib/schemas/skynet';
import type { MetricByTimestamps } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getMetricByTimestamps } from '@/server/skynet/queries';

/** A series' value at each of the given unix times. */
export const GET = route(async (request) => {
  const { name, timestamps } = readQuery(request, metricByTimestampsQuerySchema);
  return skynetJson((await getMetricByTimestamps(name, timestamps)) satisfies MetricByTimestamps);
});
