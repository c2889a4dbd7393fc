import { NextResponse } from 'next/server';

import { AVATAR_MAX_BYTES } from '@/lib/avatar';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import type { AvatarOwner } from '@/lib/schemas/settings';
import { readBytes, signedInRoute } from '@/server/api';
import { uploadAvatar } from '@/server/users';

/** Sets the signed-in user's avatar: the picture's bytes as the body (PNG, JPEG or WebP, at most 1 MB). */
export const POST = signedInRoute(async (request, user) => {
  const bytes = await readBytes(request, AVATAR_MAX_BYTES, SETTINGS_MESSAGES.avatarTooLarge);
  // A browser that cannot tell the type sends octet-stream (or nothing): then the bytes alone decide.
  const header = request.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  const declared = header && header !== 'application/octet-stream' ? header : null;
  return NextResponse.json((await uploadAvatar(user.id, bytes, declared)) satisfies AvatarOwner);
});
