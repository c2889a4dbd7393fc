import { formatDate } from '@/lib/format';
import { formatScore, type Grade } from '@/lib/score';

import { LazyScoreHistoryChart } from './score-history-lazy';

/** One point of a project's score history (server/score-history's ScoreHistoryPoint). */
export type ScoreHistoryEntry = { recordedAt: Date; score: number; grade: Grade; methodologyVersion: string; note: string; isDemo: boolean };

/** What a point says changed: the analyst's note, or that it was generated for the demo. */
export const whatChanged = (point: Pick<ScoreHistoryEntry, 'note' | 'isDemo'>) => point.note || (point.isDemo ? 'Generated for the demo' : 'Not stated');

/**
 * The score's history: what changed last, a chart of every change (from two points on), and the same points as a
 * table for anyone who does not read the chart.
 */
export function ScoreHistory({ points }: { points: ScoreHistoryEntry[] }) {
  if (points.length === 0) return null;
  const latest = points[points.length - 1];
  const newestFirst = [...points].reverse();
  return (
    <section aria-labelledby="score-history-heading" className="rounded-xl border p-6">
      <h2 id="score-history-heading" className="text-lg font-semibold">
        Score history
      </h2>
      <div className="mt-2 text-sm">
        <p>
          <span className="font-medium">What changed</span> on <time dateTime={latest.recordedAt.toISOString()}>{formatDate(latest.recordedAt)}</time>:{' '}
          {whatChanged(latest)}
        </p>
        {points.some((point) => point.isDemo) ? (
          <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-amber-950">Demo data: points marked as demo were generated and say nothing about the real project.</p>
        ) : null}
      </div>
      {points.length > 1 ? (
        <div className="mt-4">
          <LazyScoreHistoryChart points={points.map((point) => ({ at: point.recordedAt.getTime(), score: point.score, grade: point.grade }))} />
        </div>
      ) : null}
      <details className="mt-4" open={points.length === 1 ? true : undefined}>
        <summary className="cursor-pointer text-sm font-medium text-primary">Show the history as a table</summary>
        <div className="relative mt-3 overflow-x-auto [contain:inline-size]">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Score history, newest first</caption>
            <thead className="border-b text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Date</th>
                <th scope="col" className="py-2 pr-4 font-medium">Score</th>
                <th scope="col" className="py-2 pr-4 font-medium">Grade</th>
                <th scope="col" className="py-2 pr-4 font-medium">Methodology</th>
                <th scope="col" className="py-2 font-medium">What changed</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((point, index) => (
                <tr key={`${point.recordedAt.toISOString()}-${index}`} className="border-b align-top last:border-0">
                  <td className="tabular py-2 pr-4 whitespace-nowrap">{formatDate(point.recordedAt)}</td>
                  <td className="tabular py-2 pr-4">{formatScore(point.score)}</td>
                  <td className="py-2 pr-4">{point.grade}</td>
                  <td className="tabular py-2 pr-4">v{point.methodologyVersion}</td>
                  <td className="py-2">
                    {whatChanged(point)}
                    {point.isDemo && point.note ? ' (demo)' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
