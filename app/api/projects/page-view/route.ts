import { NextResponse } from 'next/server';

import { pageViewBodySchema } from '@/lib/schemas/projects';
import { errorResponse, readJson } from '@/server/api';
import { recordPageView } from '@/server/page-views';
import { clientIp } from '@/server/request-ip';
import { peekVisitorId } from '@/server/visitor';

/** Counts a view of a project page: `{ projectId }`; once per visitor per project per day, limited per address. */
export async function POST(request: Request) {
  try {
    const { projectId } = await readJson(request, pageViewBodySchema);
    await recordPageView(projectId, { visitorId: await peekVisitorId(), ip: clientIp(request.headers) });
    return NextResponse.json({ ok: true });
  } catch (error) {
    return errorResponse(error);
  }
}
