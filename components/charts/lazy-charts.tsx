'use client';

import dynamic from 'next/dynamic';

import { Skeleton } from '@/components/ui/skeleton';

import { drawnNearScreen } from './when-near-screen';

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

const barsSkeleton = <Skeleton className="h-56 w-full" />;
const lineSkeleton = <Skeleton className="h-48 w-full" />;
const HorizontalBars = dynamic(() => import('./charts').then((module) => module.HorizontalBars), { ssr: false, loading: () => barsSkeleton });
const DailyLine = dynamic(() => import('./charts').then((module) => module.DailyLine), { ssr: false, loading: () => lineSkeleton });

/** Skynet's bars (a project's monitoring): several per page, each drawn when it comes near the screen. */
export const LazyHorizontalBars = drawnNearScreen(HorizontalBars, barsSkeleton);

/** Skynet's daily lines, likewise. */
export const LazyDailyLine = drawnNearScreen(DailyLine, lineSkeleton);
