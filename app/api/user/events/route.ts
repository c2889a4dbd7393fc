import { NextResponse } from 'next/server';

import { userEventSchema } from '@/lib/schemas/settings';
import { errorResponse, readJson, requireApiUser } from '@/server/api';
import { recordUserEvent } from '@/server/user-events';

/** Records a product event for the signed-in user: `{ eventName, properties = {} }` → `{ id }`. */
export async function POST(request: Request) {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    return NextResponse.json(await recordUserEvent(user.id, await readJson(request, userEventSchema)), { status: 201 });
  } catch (error) {
    return errorResponse(error);
  }
}
