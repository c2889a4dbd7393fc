'use client';

import { useState } from 'react';

import { usePublicConfig } from '@/components/chrome/public-config';
import { AVATAR_CACHE_KEY_PERIOD_MS } from '@/lib/constants';
import { cx } from '@/lib/class-names';

/** `avatarVersion`: when the store last got the user's picture (ms), null when it has none. */
export type AvatarUser = { email: string; username: string | null; image: string | null; avatarVersion: number | null };

/**
 * The avatar store's picture for a username: the cache key changes once a minute (SPEC §9), and with the picture's
 * version, so a new upload shows at once wherever the session knows it.
 */
export function avatarStoreUrl(baseUrl: string, username: string, now = Date.now(), version?: number): string {
  const url = `${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(username)}?v=${Math.floor(now / AVATAR_CACHE_KEY_PERIOD_MS)}`;
  return version === undefined ? url : `${url}&t=${version}`;
}

/**
 * The user display of SPEC §3: the avatar store's picture keyed by username (per-minute cache key), falling back to
 * the user's own image, then to the uppercased first letter of the email. The store is asked only when the user has
 * a picture there (a version), so a user without one makes no failed request.
 */
const AVATAR_SIZES = { default: 'size-9', large: 'size-24 text-3xl' } as const;

export function UserAvatar({ user, size = 'default', className }: { user: AvatarUser; size?: keyof typeof AVATAR_SIZES; className?: string }) {
  const { avatarBaseUrl } = usePublicConfig();
  const storeUrl = avatarBaseUrl && user.username && user.avatarVersion !== null ? avatarStoreUrl(avatarBaseUrl, user.username, undefined, user.avatarVersion) : null;
  const candidates = [storeUrl, user.image].filter((url): url is string => Boolean(url));
  // Failures are remembered per URL, so a new username or upload gets its own chance to load.
  const [failed, setFailed] = useState<string[]>([]);
  const src = candidates.find((url) => !failed.includes(url));
  return (
    <span className={cx(AVATAR_SIZES[size], 'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-500 font-semibold text-white', className)}>
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
