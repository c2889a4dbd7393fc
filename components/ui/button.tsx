import type * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';

import { cx } from '@/lib/class-names';

// No 'use client' on purpose (same as shadcn/ui): Server Components render buttons and call buttonVariants().
// A link that looks like a button is a Link with className={buttonVariants(…)}, not an `asChild` button: Radix's
// Slot would otherwise be in every page's first load for the header's two links.
// The classes join without a merge (cx), as header islands on every page use this: no variant repeats a property
// the base sets (the gap lives in the sizes, the focus ring's colour in the variants), and looks that differ are
// variants, not className overrides (tests/unit/class-names.test.ts checks every combination).
const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md text-sm transition-all outline-none disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 focus-visible:border-ring focus-visible:ring-[3px] aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 focus-visible:ring-ring/50',
        destructive:
          'bg-destructive text-white shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/20 dark:bg-destructive/60 dark:focus-visible:ring-destructive/40',
        outline:
          'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50 focus-visible:ring-ring/50',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80 focus-visible:ring-ring/50',
        ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50 focus-visible:ring-ring/50',
        // Ghost on the navy header bar.
        navyGhost: 'text-navy-foreground hover:bg-white/10 hover:text-white focus-visible:ring-ring/50',
        link: 'text-primary underline-offset-4 hover:underline focus-visible:ring-ring/50',
      },
      size: {
        default: 'h-9 gap-2 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 px-3 has-[>svg]:px-2.5',
        lg: 'h-10 gap-2 px-6 has-[>svg]:px-4',
        icon: 'size-9 gap-2',
        // The header's call to action: compact on phones, full height from the small breakpoint.
        header: 'h-9 gap-2 px-3 sm:h-10 sm:px-4',
      },
      weight: {
        medium: 'font-medium',
        semibold: 'font-semibold',
      },
    },
    defaultVariants: {
      variant: 'default',
      size: 'default',
      weight: 'medium',
    },
  },
);

function Button({ className, variant, size, weight, ...props }: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants>) {
  return (
    <button
      data-slot="button"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      className={cx(buttonVariants({ variant, size, weight }), className)}
      {...props}
    />
  );
}

export { Button, buttonVariants };
