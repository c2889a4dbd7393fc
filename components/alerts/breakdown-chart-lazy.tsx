'use client';

import dynamic from 'next/dynamic';

import { Skeleton } from '@/components/ui/skeleton';

// The chart library loads after the page, only where a breakdown is charted: a skeleton of its size holds the place.
export const LazyBreakdownChart = dynamic(() => import('./breakdown-chart').then((module) => module.BreakdownChart), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});
