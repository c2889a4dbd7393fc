'use client';

import { Check, Plus } from 'lucide-react';

import { toast } from '@/components/chrome/toast';
import { OPEN_DATA_TEXTS } from '@/lib/messages';
import { cn } from '@/lib/utils';

import { useCompareSelection } from './use-compare-selection';

type Props = { projectId: string; projectName: string; className?: string; compact?: boolean };

/** "Add to compare": puts the project in (or takes it out of) this browser's comparison, four at most. */
export function CompareToggle({ projectId, projectName, className, compact = false }: Props) {
  const { selection, toggle } = useCompareSelection();
  const chosen = selection.includes(projectId);
  const label = chosen ? OPEN_DATA_TEXTS.compareRemove(projectName) : OPEN_DATA_TEXTS.compareAdd(projectName);
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={compact ? label : undefined}
      title={label}
      onClick={() => {
        if (toggle(projectId).refused) toast.error(OPEN_DATA_TEXTS.compareFull);
      }}
      className={cn(
        'inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        chosen && 'border-primary bg-primary/10 text-primary',
        className,
      )}
    >
      {chosen ? <Check aria-hidden className="size-3.5" /> : <Plus aria-hidden className="size-3.5" />}
      {compact ? null : chosen ? OPEN_DATA_TEXTS.compareRemoveShort : OPEN_DATA_TEXTS.compareAddShort}
    </button>
  );
}
