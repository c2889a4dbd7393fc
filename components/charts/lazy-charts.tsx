'use client';


import { Skeleton } from '@/components/ui/skeleton';

import { drawnNearScreen } from './when-near-screen';
import { loadOnUse } from '@/components/chrome/load-on-use';

// Every chart's library loads only where that chart is shown, after the page: a skeleton of the chart's size holds
// its place. One module for all of them, since each loader is a few bytes and the charts stay in their own chunks.

/** An incident breakdown (/alerts). */
export const LazyBreakdownChart = loadOnUse(() => import('./charts').then((module) => module.BreakdownChart), {
  fallback: <Skeleton className="h-56 w-full" />,
  browserOnly: true,
});

/** The comparison's radar (/compare). */
export const LazyCompareRadarChart = loadOnUse(() => import('./charts').then((module) => module.CompareRadarChart), {
  fallback: <Skeleton className="h-80 w-full" />,
  browserOnly: true,
});

const barsSkeleton = <Skeleton className="h-56 w-full" />;
const lineSkeleton = <Skeleton className="h-48 w-full" />;
const HorizontalBars = loadOnUse(() => import('./charts').then((module) => module.HorizontalBars), { fallback: barsSkeleton, browserOnly: true });
const DailyLine = loadOnUse(() => import('./charts').then((module) => module.DailyLine), { fallback: lineSkeleton, browserOnly: true });

/** Skynet's bars (a project's monitoring): several per page, each drawn when it comes near the screen. */
export const LazyHorizontalBars = drawnNearScreen(HorizontalBars, barsSkeleton);

/** Skynet's daily lines, likewise. */
export const LazyDailyLine = drawnNearScreen(DailyLine, lineSkeleton);
