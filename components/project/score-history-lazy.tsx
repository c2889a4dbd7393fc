'use client';


import { drawnNearScreen } from '@/components/charts/when-near-screen';
import { loadOnUse } from '@/components/chrome/load-on-use';
import { Skeleton } from '@/components/ui/skeleton';

// The chart library loads only where a score history is shown, after the page and once the chart comes near the
// screen: a skeleton of its size holds the place.
const skeleton = <Skeleton className="h-56 w-full" />;
const ScoreHistoryChart = loadOnUse(() => import('./score-history-chart').then((module) => module.ScoreHistoryChart), { fallback: skeleton, browserOnly: true });

export const LazyScoreHistoryChart = drawnNearScreen(ScoreHistoryChart, skeleton);
