import { socialActivityQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getSocialActivityByDates } from '@/server/skynet/queries';

/** A project's social activity of one type on each of the given days. */
export async function GET(request: Request) {
  try {
    const { projectId, type, dates } = readQuery(request, socialActivityQuerySchema);
    return skynetJson(await getSocialActivityByDates(projectId, type, dates));
  } catch (error) {
    return errorResponse(error);
  }
}
