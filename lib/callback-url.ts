/** A stand-in origin for parsing when the caller has none: only what stays on it is kept. */
const PLACEHOLDER_ORIGIN = 'https://callback.invalid';

/**
 * The same-origin path (with query and hash) that a callback URL points to, or '/' when it leaves the site.
 * The value is parsed as a browser would parse it against the site's origin, so `/\evil.example`, `//evil.example`,
 * `https://evil.example/x` and `javascript:` all fall back to '/'; an absolute URL on `origin` keeps its path.
 */
export function safeCallbackPath(value: string | null | undefined, origin: string = PLACEHOLDER_ORIGIN): string {
  if (!value) return '/';
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return '/';
  }
  if (target.origin !== base.origin) return '/';
  // `/.//evil.example` parses to the path `//evil.example`, which a browser would read as another host.
  const path = target.pathname.replace(/^\/+/, '/');
  return `${path}${target.search}${target.hash}`;
}
