import { PROJECT_TEXTS } from '@/lib/messages/project';
import { formatScore, type Grade, type GradeTone } from '@/lib/score';
import { cn } from '@/lib/utils';

const TONE_CLASSES: Record<GradeTone, string> = {
  good: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  fair: 'bg-amber-100 text-amber-950 ring-amber-300',
  poor: 'bg-red-100 text-red-900 ring-red-300',
};
const TONE_LABELS: Record<GradeTone, string> = { good: 'Strong', fair: 'Moderate', poor: 'Weak' };

/** A grade in its fixed colour, always with text so colour is never the only signal; no score reads "Not yet assessed". */
export function GradeBadge({ grade, tone, score, size = 'sm' }: { grade: Grade | null; tone: GradeTone | null; score?: number | null; size?: 'sm' | 'lg' }) {
  if (!grade || !tone) {
    // A light pill of its own, readable on the navy banner as on white.
    return (
      <span className={cn('inline-flex items-center rounded-md bg-slate-100 font-medium text-slate-700 ring-1 ring-inset ring-slate-300', size === 'lg' ? 'px-3 py-1 text-base' : 'px-2 py-0.5 text-xs')}>
        {PROJECT_TEXTS.notYetAssessed}
      </span>
    );
  }
  return (
    <span
      title={`${TONE_LABELS[tone]} security grade`}
      className={cn('tabular inline-flex items-center gap-1.5 rounded-md font-semibold ring-1 ring-inset', TONE_CLASSES[tone], size === 'lg' ? 'px-3 py-1 text-lg' : 'px-2 py-0.5 text-xs')}
    >
      {grade}
      {typeof score === 'number' ? <span className="font-medium opacity-80">{formatScore(score)}</span> : null}
      <span className="sr-only">({TONE_LABELS[tone]})</span>
    </span>
  );
}
