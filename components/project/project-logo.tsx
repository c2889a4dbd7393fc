import { getImageProps } from 'next/image';

import { cn } from '@/lib/utils';

/**
 * A project's logo, or its initial when it has none. A plain <img> with the props Next's image component would give
 * it (sizes, srcset, lazy loading): rendered on the server it needs no client code, where <Image> shipped ~5 kB of
 * JavaScript to every page that shows a logo (#18).
 */
export function ProjectLogo({ src, name, size = 32, className }: { src: string | null; name: string; size?: number; className?: string }) {
  if (!src) {
    return (
      <span
        aria-hidden
        className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground', className)}
        style={{ width: size, height: size, fontSize: size * 0.45 }}
      >
        {name.charAt(0).toUpperCase()}
      </span>
    );
  }
  // Without a CDN, SVG logos are served as they are (Next's optimizer only helps raster images), and so are logos in
  // the staff uploads' bucket (FILES_BASE_URL), a host the optimizer is not configured to fetch from.
  const unoptimized = !process.env.IMAGE_CDN_URL && (src.endsWith('.svg') || /^https?:\/\//.test(src));
  const { props } = getImageProps({ src, alt: '', width: size, height: size, unoptimized });
  // eslint-disable-next-line @next/next/no-img-element -- the props above are next/image's own
  return <img {...props} alt="" className={cn('shrink-0 rounded-full', className)} />;
}
