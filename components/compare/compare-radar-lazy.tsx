'use client';

import dynamic from 'next/dynamic';

import { Skeleton } from '@/components/ui/skeleton';

// The chart library loads only on the comparison, after the page: a skeleton of its size holds the place.
export const LazyCompareRadarChart = dynamic(() => import('./compare-radar-chart').then((module) => module.CompareRadarChart), {
  ssr: false,
  loading: () => <Skeleton className="h-80 w-full" />,
});
