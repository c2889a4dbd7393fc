import { getAvatarStore } from '@/server/avatars';

/** An avatar from the local store, by username (when AVATAR_BASE_URL is set, browsers read the bucket instead). */
export async function GET(_request: Request, { params }: { params: Promise<{ username: string }> }) {
  const { username } = await params;
  const avatar = await getAvatarStore().get(username);
  // A miss is not cached: a first upload must show on the next load, within the same minute's key.
  if (!avatar) return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } });
  return new Response(avatar.bytes as BlobPart, {
    headers: {
      'content-type': avatar.type,
      // URLs carry a per-minute key (SPEC §9), so a minute of caching never hides a new picture for longer.
      'cache-control': 'public, max-age=60',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
}
