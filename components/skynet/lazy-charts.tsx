'use client';

import dynamic from 'next/dynamic';

import { Skeleton } from '@/components/ui/skeleton';

// The chart library loads only where a chart is shown, after the page: a skeleton of the chart's size holds its place.
export const LazyHorizontalBars = dynamic(() => import('./bar-chart').then((module) => module.HorizontalBars), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});

export const LazyDailyLine = dynamic(() => import('./bar-chart').then((module) => module.DailyLine), {
  ssr: false,
  loading: () => <Skeleton className="h-48 w-full" />,
});
