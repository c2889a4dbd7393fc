'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatUsd } from '@/lib/format';

/** One bar: a group's label, how many incidents, and the known amount lost (null when none was known). */
export type BreakdownChartBar = { label: string; count: number; lost: number | null };

/**
 * A breakdown's incident counts as bars: columns for years (oldest left), rows for techniques and chains (biggest
 * on top). The table beside it carries the same figures, so screen readers skip this (and recharts' keyboard layer
 * is off: nothing inside a hidden region may take the focus).
 */
export function BreakdownChart({ bars, layout }: { bars: BreakdownChartBar[]; layout: 'columns' | 'rows' }) {
  const rows = layout === 'rows';
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={bars} layout={rows ? 'vertical' : 'horizontal'} margin={{ left: 0, right: 16, top: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={!rows} vertical={rows} />
          {rows ? (
            <>
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
              <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 11 }} interval={0} />
            </>
          ) : (
            <>
              <XAxis type="category" dataKey="label" tick={{ fontSize: 11 }} />
              <YAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
            </>
          )}
          <Tooltip
            formatter={(value, _name, item) => [`${value} (lost ${formatUsd((item.payload as BreakdownChartBar).lost)})`, 'Incidents']}
            cursor={{ fill: 'rgba(37, 99, 235, 0.08)' }}
          />
          <Bar dataKey="count" fill="#2563eb" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
