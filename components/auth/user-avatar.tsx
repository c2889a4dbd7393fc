'use client';

import { useState } from 'react';

import { usePublicConfig } from '@/components/chrome/public-config';
import { AVATAR_CACHE_KEY_PERIOD_MS } from '@/lib/constants';
import { cn } from '@/lib/utils';

export type AvatarUser = { email: string; username: string | null; image: string | null };

/** The avatar store's picture for a username; the cache key changes once a minute so a new upload shows soon. */
export function avatarStoreUrl(baseUrl: string, username: string, now = Date.now()): string {
  return `${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(username)}?v=${Math.floor(now / AVATAR_CACHE_KEY_PERIOD_MS)}`;
}

/** The avatar store's picture, falling back to the user's own image, then to the first letter of the email. */
export function UserAvatar({ user, className }: { user: AvatarUser; className?: string }) {
  const { avatarBaseUrl } = usePublicConfig();
  const candidates = [avatarBaseUrl && user.username ? avatarStoreUrl(avatarBaseUrl, user.username) : null, user.image].filter(
    (url): url is string => Boolean(url),
  );
  const [failed, setFailed] = useState(0);
  const src = candidates[failed];
  return (
    <span className={cn('inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-500 font-semibold text-white', className)}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- the avatar store may be any origin; a failed load falls back
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed((count) => count + 1)} />
      ) : (
        <span aria-hidden>{user.email.charAt(0).toUpperCase()}</span>
      )}
    </span>
  );
}
