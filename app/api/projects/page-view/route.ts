import { NextResponse } from 'next/server';

import { pageViewBodySchema } from '@/lib/schemas/projects';
import { errorResponse, readJson } from '@/server/api';
import { recordPageView } from '@/server/page-views';

/** Counts a view of a project page: `{ projectId }`. */
export async function POST(request: Request) {
  try {
    const { projectId } = await readJson(request, pageViewBodySchema);
    await recordPageView(projectId);
    return NextResponse.json({ ok: true });
  } catch (error) {
    return errorResponse(error);
  }
}
