import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names without resolving Tailwind conflicts, for the client islands every page loads: the merge
 * library (tailwind-merge, ~8 kB gzip) stays out of their JavaScript. Callers pass classes that do not compete (a
 * variant, not an override); outside production builds a competing pair throws, so a test or the dev server shows
 * it. Where overrides are the point, use cn() from lib/utils.
 */
export function cx(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  // Replaced by a constant at build time: production bundles drop this check and the import with it.
  if (process.env.NODE_ENV !== 'production') {
    const merged = twMerge(joined);
    if (merged !== joined) throw new Error(`cx(): competing Tailwind classes in "${joined}" (cn() would keep "${merged}")`);
  }
  return joined;
}
