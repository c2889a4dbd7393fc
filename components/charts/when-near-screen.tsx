// No 'use client': imported only by the chart loaders (lazy-charts.tsx, score-history-lazy.tsx), client code already.

import { useRef, type ComponentType, type ReactNode } from 'react';

import { useNearScreen } from '@/components/chrome/use-near-screen';

/**
 * Shows `fallback` (a skeleton of the chart's size) until its place comes near the screen, then `children` for good.
 * A page with several charts then draws only those a reader reaches: rendering them all at load kept a phone's main
 * thread busy for seconds (issue #18).
 */
export function WhenNearScreen({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearScreen(placeholder);
  return near ? children : <div ref={placeholder}>{fallback}</div>;
}

/** `Chart` wrapped so that it is drawn only near the screen, `fallback` holding its place until then. */
export function drawnNearScreen<Props extends object>(Chart: ComponentType<Props>, fallback: ReactNode) {
  function NearScreenChart(props: Props) {
    return (
      <WhenNearScreen fallback={fallback}>
        <Chart {...props} />
      </WhenNearScreen>
    );
  }
  NearScreenChart.displayName = `NearScreen(${Chart.displayName ?? Chart.name ?? 'Chart'})`;
  return NearScreenChart;
}
