import { NextResponse } from 'next/server';

import type { Done } from '@/lib/schemas/api';
import { pageViewBodySchema } from '@/lib/schemas/projects';
import { readJson, route } from '@/server/api';
import { recordPageView } from '@/server/page-views';
import { clientIp } from '@/server/request-ip';
import { peekVisitorId } from '@/server/visitor';

/** Counts a view of a project page: `{ projectId }`; once per visitor per project per day, limited per address. */
export const POST = route(async (request) => {
  const { projectId } = await readJson(request, pageViewBodySchema);
  await recordPageView(projectId, { visitorId: await peekVisitorId(), ip: clientIp(request.headers) });
  return NextResponse.json({ ok: true } satisfies Done);
});
