import Link from 'next/link';

import { PROJECT_TEXTS } from '@/lib/messages/project';
import { formatScore, PILLARS, type Grade, type GradeTone, type PillarScores } from '@/lib/score';
import { cn } from '@/lib/utils';

import { GradeBadge } from './grade-badge';

type Props = {
  score: number | null;
  grade: Grade | null;
  tone: GradeTone | null;
  pillars: PillarScores | null;
  methodologyVersion: string | null;
  updatedAt: Date | null;
  isDemo: boolean;
};

const barColour = (value: number) => (value >= 80 ? 'bg-grade-good' : value >= 65 ? 'bg-grade-fair' : 'bg-grade-poor');
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The security score with every pillar and signal shown, so a reader can check the arithmetic. */
export function ScoreCard({ score, grade, tone, pillars, methodologyVersion, updatedAt, isDemo }: Props) {
  if (score === null || !pillars) {
    return (
      <section aria-labelledby="score-heading" className="rounded-xl border p-6">
        <h2 id="score-heading" className="text-lg font-semibold">
          Security score
        </h2>
        <p className="mt-2 text-lg font-semibold">{PROJECT_TEXTS.notYetAssessed}</p>
        <p className="mt-1 text-muted-foreground">{PROJECT_TEXTS.scoreNotYetAssessed}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="score-heading" className="rounded-xl border p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="score-heading" className="text-lg font-semibold">
            Security score
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Methodology v{methodologyVersion} · updated {updatedAt ? dateFormat.format(updatedAt) : 'n/a'}
            {isDemo ? ' · demo figures' : ''}
          </p>
        </div>
        <div className="text-right">
          <p className="tabular text-4xl font-bold" aria-label={`Score ${formatScore(score)} out of 100`}>
            {formatScore(score)}
            <span className="text-base font-medium text-muted-foreground">/100</span>
          </p>
          <GradeBadge grade={grade} tone={tone} size="lg" />
        </div>
      </div>
      {isDemo ? (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Demo data: these signals were generated for the demo and say nothing about the real project.
        </p>
      ) : null}
      <ul className="mt-6 grid gap-4">
        {PILLARS.map((pillar) => {
          const value = pillars[pillar.key];
          const pillarScore = value?.score ?? 0;
          return (
            <li key={pillar.key}>
              <details className="group">
                <summary className="cursor-pointer list-none">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-medium">
                      {pillar.label} <span className="text-muted-foreground">· weight {Math.round(pillar.weight * 100)}%</span>
                    </span>
                    <span className="tabular font-semibold">{pillarScore.toFixed(1)}</span>
                  </div>
                  <div className="mt-1.5 h-2 rounded-full bg-muted" role="meter" aria-label={`${pillar.label} score`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pillarScore}>
                    <div className={cn('h-2 rounded-full', barColour(pillarScore))} style={{ width: `${pillarScore}%` }} />
                  </div>
                </summary>
                <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 pl-3 text-sm text-muted-foreground">
                  {pillar.signals.map((signal) => {
                    // Staff may leave a signal unassessed: it counts as 0 in the score, and says so here.
                    const signalValue = value?.signals[signal.key];
                    return (
                      <div key={signal.key} className="contents">
                        <dt>{signal.label}</dt>
                        <dd className="tabular text-right">{signalValue ?? 'Not assessed'}</dd>
                      </div>
                    );
                  })}
                </dl>
              </details>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm">
        <Link href="/resources/methodology" className="font-medium text-primary underline underline-offset-4">
          How the score is calculated
        </Link>
        . Votes and page views never change it.
      </p>
    </section>
  );
}
