import type { ReactNode } from 'react';

import { LazyDailyLine, LazyHorizontalBars } from '@/components/charts/lazy-charts';
import { Badge } from '@/components/ui/badge';
import { CardSection } from '@/components/ui/card-section';

// The parts every Skynet panel of a project page is made of: the card with its demo mark, the empty state, and
// figures shown as a chart over a table holding the same numbers.

const number = new Intl.NumberFormat('en-US');

export const NOT_MONITORED = 'No contract of this project is monitored yet.';

export function SkynetPanel({ title, id, demo, children }: { title: string; id: string; demo?: boolean; children: ReactNode }) {
  return (
    <CardSection
      id={id}
      level="h3"
      headingClassName="mb-4 flex items-center gap-2 text-base"
      title={
        <>
          {title}
          {demo ? <Badge variant="warning">Demo data</Badge> : null}
        </>
      }
    >
      {children}
    </CardSection>
  );
}

export const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

export type RankedRow = { label: ReactNode; key: string; value: number; note?: string };

/** A chart over a table holding the same figures, so every number is readable without the chart. */
function RankedFigures({ caption, rows, labelHeader, valueHeader }: { caption: string; rows: RankedRow[]; labelHeader: string; valueHeader: string }) {
  return (
    <div className="grid gap-3">
      <LazyHorizontalBars data={rows.map((row) => ({ label: row.key.length > 18 ? `${row.key.slice(0, 8)}…${row.key.slice(-4)}` : row.key, value: row.value }))} />
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              {labelHeader}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0">
              <td className="py-1">{row.label}</td>
              <td className="tabular py-1 text-right">
                {number.format(row.value)}
                {row.note ? <span className="ml-1 text-xs text-muted-foreground">{row.note}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A panel of ranked figures, or why there are none: no monitored contract, or nothing recorded yet. */
export function RankedPanel({ title, id, monitored, emptyText, ...figures }: { title: string; id: string; monitored: boolean; emptyText: string; caption: string; rows: RankedRow[]; labelHeader: string; valueHeader: string }) {
  return (
    <SkynetPanel title={title} id={id}>
      {!monitored ? <Empty>{NOT_MONITORED}</Empty> : figures.rows.length === 0 ? <Empty>{emptyText}</Empty> : <RankedFigures {...figures} />}
    </SkynetPanel>
  );
}

/** A line over days, with the same figures in a collapsible table. */
export function DailyFigures({ caption, points }: { caption: string; points: { date: string; value: number }[] }) {
  return (
    <div>
      <LazyDailyLine data={points.map((point) => ({ label: point.date.slice(5), value: point.value }))} />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show the figures</summary>
        <table className="mt-2 w-full">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">Date</th>
              <th scope="col" className="py-1 text-right font-medium">Value</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date} className="border-b last:border-0">
                <td className="tabular py-1">{point.date}</td>
                <td className="tabular py-1 text-right">{number.format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
