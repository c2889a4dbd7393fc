'use client';

import dynamic from 'next/dynamic';

import { Skeleton } from '@/components/ui/skeleton';

// The chart library loads only where a score history is shown, after the page: a skeleton of its size holds the place.
export const LazyScoreHistoryChart = dynamic(() => import('./score-history-chart').then((module) => module.ScoreHistoryChart), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});
