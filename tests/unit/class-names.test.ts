import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';

import { buttonVariants } from '@/components/ui/button';
import { cx } from '@/lib/class-names';

describe('cx: class names joined without a merge', () => {
  it('joins classes and conditions as clsx does', () => {
    expect(cx('relative', false, null, { 'text-white': true, hidden: false }, ['size-4'])).toBe('relative text-white size-4');
  });

  it('refuses competing Tailwind classes outside production builds, naming what a merge would keep', () => {
    expect(() => cx('h-9 px-4', 'px-3')).toThrow(/competing Tailwind classes in "h-9 px-4 px-3" \(cn\(\) would keep "h-9 px-3"\)/);
    expect(() => cx('hidden', 'inline-flex')).toThrow(/competing/);
  });

  it('accepts the same property under different conditions', () => {
    expect(cx('inline-flex', 'max-lg:hidden', 'hover:bg-white/10', 'bg-primary')).toBe('inline-flex max-lg:hidden hover:bg-white/10 bg-primary');
  });
});

describe('button variants: every combination is conflict-free, so Button needs no merge', () => {
  const variants = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'navyGhost', 'link'] as const;
  const sizes = ['default', 'sm', 'lg', 'icon', 'header'] as const;
  const weights = ['medium', 'semibold'] as const;
  for (const variant of variants) {
    for (const size of sizes) {
      for (const weight of weights) {
        it(`${variant} / ${size} / ${weight}`, () => {
          const classes = buttonVariants({ variant, size, weight });
          expect(twMerge(classes)).toBe(classes);
        });
      }
    }
  }
});
