import Image from 'next/image';

import { cn } from '@/lib/utils';

/** A project's logo, or its initial when it has none. */
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
  // SVG logos are served as they are; the optimizer only helps raster images.
  return <Image src={src} alt="" width={size} height={size} unoptimized={src.endsWith('.svg')} className={cn('shrink-0 rounded-full', className)} />;
}
