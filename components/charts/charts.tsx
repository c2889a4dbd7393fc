'use client';

// The site's charts (recharts), each loaded only where shown through lazy-charts.tsx: incident breakdowns, the
// comparison's radar and Skynet's bars and line.

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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

export type RadarSeries = { id: string; name: string };
/** One row per pillar: its label, then each project's score under the project's id. */
export type RadarRow = { pillar: string } & Record<string, number | string | null>;

/** Distinct colours that keep apart for the common colour blindnesses (Okabe–Ito); the table beside names them. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];

/** The pillars of two to four projects on one radar. The same figures are in the table below it, so readers skip it. */
export function CompareRadarChart({ series, rows }: { series: RadarSeries[]; rows: RadarRow[] }) {
  return (
    <div aria-hidden className="h-80 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <RadarChart data={rows} outerRadius="70%">
          <PolarGrid />
          <PolarAngleAxis dataKey="pillar" tick={{ fontSize: 11 }} />
          <PolarRadiusAxis domain={[0, 100]} tickCount={5} tick={{ fontSize: 10 }} angle={90} />
          {series.map((project, index) => (
            <Radar
              key={project.id}
              name={project.name}
              dataKey={project.id}
              stroke={COLOURS[index % COLOURS.length]}
              fill={COLOURS[index % COLOURS.length]}
              fillOpacity={0.12}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ))}
          <Tooltip formatter={(value) => (value === null || value === undefined ? '—' : Number(value).toFixed(1))} />
          <Legend />
        </RadarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Horizontal bars, one per label. The same figures are in a table beside it, so the chart is hidden from screen readers. */
export function HorizontalBars({ data }: { data: { label: string; value: number }[] }) {
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="value" fill="#2563eb" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One line over days; the figures are also in a table, so this is hidden from screen readers. */
export function DailyLine({ data }: { data: { label: string; value: number }[] }) {
  return (
    <div aria-hidden className="h-48 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={data} margin={{ left: 0, right: 16, top: 4, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
          <Tooltip />
          <Line type="monotone" dataKey="value" stroke="#2563eb" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
