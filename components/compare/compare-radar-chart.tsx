'use client';

import { Legend, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer, Tooltip } from 'recharts';

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
