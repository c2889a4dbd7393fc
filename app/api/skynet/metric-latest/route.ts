import { metricLatestQuerySchema } from '@/lib/schemas/skynet';
import type { MetricLatest } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getMetricLatest } from '@/server/skynet/queries';

/** The newest value of a named series, e.g. ?name=exchanges(projectId=bitcoin). */
export const GET = route(async (request) => {
  const { name } = readQuery(request, metricLatestQuerySchema);
  return skynetJson((await getMetricLatest(name)) satisfies MetricLatest);
});
