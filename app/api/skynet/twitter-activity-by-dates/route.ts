import { socialActivityQuerySchema } from '@/lib/schemas/skynet';
import type { SocialActivityDay } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getSocialActivityByDates } from '@/server/skynet/queries';

/** A project's social activity of one type on each of the given days. */
export const GET = route(async (request) => {
  const { projectId, type, dates } = readQuery(request, socialActivityQuerySchema);
  return skynetJson((await getSocialActivityByDates(projectId, type, dates)) satisfies SocialActivityDay[]);
});
