'use client';

/**
 * next/image loader for the image CDN (IMAGE_CDN_URL, inlined at build time by next.config.ts):
 * the CDN resizes and picks the format from auto=format, fit=max, w and an optional q.
 */
export default function cdnImageLoader({ src, width, quality }: { src: string; width: number; quality?: number }): string {
  const base = (process.env.IMAGE_CDN_URL ?? '').replace(/\/$/, '');
  const url = new URL(src.startsWith('http') ? src : `${base}${src.startsWith('/') ? '' : '/'}${src}`);
  url.searchParams.set('auto', 'format');
  url.searchParams.set('fit', 'max');
  url.searchParams.set('w', String(width));
  if (quality) url.searchParams.set('q', String(quality));
  return url.toString();
}
