import * as React from 'react';

import { cx } from '@/lib/class-names';

// Corners are a prop rather than a className override: the classes join without a merge (cx), since chart
// placeholders on every project page use this.
const SKELETON_CORNERS = { md: 'rounded-md', lg: 'rounded-lg', full: 'rounded-full' } as const;

function Skeleton({ className, corners = 'md', ...props }: React.ComponentProps<'div'> & { corners?: keyof typeof SKELETON_CORNERS }) {
  return <div data-slot="skeleton" className={cx('animate-pulse bg-accent', SKELETON_CORNERS[corners], className)} {...props} />;
}

export { Skeleton };
