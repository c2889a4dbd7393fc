'use client';

import Link from 'next/link';

import { COMPARE_CONTROL_TEXTS } from '@/lib/messages/open-data-controls';
import { COMPARE_MIN, compareHref } from '@/lib/compare-selection';
import { cx } from '@/lib/class-names';

import { useCompareSelection } from './use-compare-selection';

/** "Compare (n)": the chosen projects' comparison, shown once something is chosen; a link from two on. */
export function CompareLink({ className }: { className?: string }) {
  const { selection, clear } = useCompareSelection();
  if (selection.length === 0) return null;
  const text = COMPARE_CONTROL_TEXTS.compareLink(selection.length);
  return (
    <div className={cx('flex items-center gap-3 text-sm', className)} role="status">
      {selection.length >= COMPARE_MIN ? (
        <Link href={compareHref(selection)} className="font-semibold text-primary underline-offset-4 hover:underline">
          {text}
        </Link>
      ) : (
        <span className="text-muted-foreground" title={COMPARE_CONTROL_TEXTS.compareTooFew}>
          {text}
        </span>
      )}
      <button type="button" onClick={clear} className="text-muted-foreground underline-offset-4 hover:underline">
        {COMPARE_CONTROL_TEXTS.compareClear}
      </button>
    </div>
  );
}
