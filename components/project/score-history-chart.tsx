'use client';

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ScoreChartPoint = { at: number; score: number; grade: string };

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The score over time, a step per change. The same points are in the table beside it, so screen readers skip this
 * (and recharts' keyboard layer is off: nothing inside a hidden region may take the focus).
 */
export function ScoreHistoryChart({ points }: { points: ScoreChartPoint[] }) {
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={points} margin={{ left: 0, right: 16, top: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(at: number) => day.format(at)} tick={{ fontSize: 11 }} minTickGap={32} />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fontSize: 12 }} width={36} />
          <Tooltip
            labelFormatter={(at) => day.format(Number(at))}
            formatter={(value, _name, item) => [`${Number(value).toFixed(1)} (${(item.payload as ScoreChartPoint).grade})`, 'Score']}
          />
          <Line type="stepAfter" dataKey="score" stroke="#2563eb" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
