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

/**
 * The user display of SPEC §3: the avatar store's picture keyed by username (per-minute cache key), falling back to
 * the user's own image, then to the uppercased first letter of the email. `version` forces a fresh picture (after
 * an upload) instead of waiting for the next minute.
 */
export function UserAvatar({ user, className, version }: { user: AvatarUser; className?: string; version?: number }) {
  const { avatarBaseUrl } = usePublicConfig();
  const storeUrl = avatarBaseUrl && user.username ? avatarStoreUrl(avatarBaseUrl, user.username) : null;
  const candidates = [storeUrl && version ? `${storeUrl}&t=${version}` : storeUrl, user.image].filter((url): url is string => Boolean(url));
  // Failures are remembered per URL, so a new username or upload gets its own chance to load.
  const [failed, setFailed] = useState<string[]>([]);
  const src = candidates.find((url) => !failed.includes(url));
  return (
    <span className={cn('inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-500 font-semibold text-white', className)}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- the avatar store may be any origin; a failed load falls back
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          onError={() => setFailed((urls) => [...urls, src])}
          // A server-rendered picture can fail before React listens for errors: check once it is attached.
          ref={(img) => {
            if (img?.complete && img.naturalWidth === 0) setFailed((urls) => (urls.includes(src) ? urls : [...urls, src]));
          }}
        />
      ) : (
        <span aria-hidden>{user.email.charAt(0).toUpperCase()}</span>
      )}
    </span>
  );
}
