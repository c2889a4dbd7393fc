'use client';

import dynamic from 'next/dynamic';

import { Skeleton } from '@/components/ui/skeleton';

// Every chart's library loads only where that chart is shown, after the page: a skeleton of the chart's size holds
// its place. One module for all of them, since each loader is a few bytes and the charts stay in their own chunks.

/** An incident breakdown (/alerts). */
export const LazyBreakdownChart = dynamic(() => import('./charts').then((module) => module.BreakdownChart), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});

/** The comparison's radar (/compare). */
export const LazyCompareRadarChart = dynamic(() => import('./charts').then((module) => module.CompareRadarChart), {
  ssr: false,
  loading: () => <Skeleton className="h-80 w-full" />,
});

/** Skynet's bars and daily line (a project's monitoring). */
export const LazyHorizontalBars = dynamic(() => import('./charts').then((module) => module.HorizontalBars), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});

export const LazyDailyLine = dynamic(() => import('./charts').then((module) => module.DailyLine), {
  ssr: false,
  loading: () => <Skeleton className="h-48 w-full" />,
});
