import { NextResponse } from 'next/server';

import type { Created } from '@/lib/schemas/api';
import { userEventSchema } from '@/lib/schemas/settings';
import { readJson, signedInRoute } from '@/server/api';
import { recordUserEvent } from '@/server/user-events';

/** Records a product event for the signed-in user: `{ eventName, properties = {} }` → `{ id }`. */
export const POST = signedInRoute(async (request, user) => {
  return NextResponse.json((await recordUserEvent(user.id, await readJson(request, userEventSchema))) satisfies Created, { status: 201 });
});
