'use client';

import { Check, Plus } from 'lucide';

import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/chrome/toast';
import { COMPARE_CONTROL_TEXTS } from '@/lib/messages/open-data-controls';
import { cx } from '@/lib/class-names';

import { useCompareSelection } from './use-compare-selection';

/** `dark` on the navy project banner, `light` on the page's background. */
type Tone = 'dark' | 'light';
type Props = { projectId: string; projectName: string; tone?: Tone; className?: string };

// A look per tone and state rather than className overrides: the classes join without a merge (cx).
const TOGGLE_TONES: Record<Tone, { idle: string; chosen: string }> = {
  light: { idle: 'hover:bg-muted', chosen: 'border-primary bg-primary/10 text-primary hover:bg-muted' },
  dark: { idle: 'border-white/40 text-white hover:bg-white/10', chosen: 'border-white/40 bg-primary/10 text-white hover:bg-white/10' },
};

/**
 * "Add to compare": a toggle button that puts the project in (or takes it out of) this browser's comparison, four
 * at most. Its name stays "Compare <project>" and aria-pressed says whether it is in, as toggle buttons should.
 */
export function CompareToggle({ projectId, projectName, tone = 'light', className }: Props) {
  const { selection, toggle } = useCompareSelection();
  const chosen = selection.includes(projectId);
  return (
    <button
      type="button"
      aria-pressed={chosen}
      title={chosen ? COMPARE_CONTROL_TEXTS.compareRemove(projectName) : COMPARE_CONTROL_TEXTS.compareAdd(projectName)}
      onClick={() => {
        if (toggle(projectId).refused) toast.error(COMPARE_CONTROL_TEXTS.compareFull);
      }}
      className={cx(
        'inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        chosen ? TOGGLE_TONES[tone].chosen : TOGGLE_TONES[tone].idle,
        className,
      )}
    >
      {chosen ? <Icon node={Check} className="size-3.5" /> : <Icon node={Plus} className="size-3.5" />}
      {COMPARE_CONTROL_TEXTS.compareToggle}
      <span className="sr-only"> {projectName}</span>
    </button>
  );
}
