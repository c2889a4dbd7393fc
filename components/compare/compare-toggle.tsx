import { Check, Plus } from 'lucide-react';

import { CompareToggleButton, type CompareToggleProps } from './compare-toggle-button';

/**
 * "Add to compare" for a project. Both icons are drawn here, on the server, and CSS shows the one for the button's
 * pressed state, so the browser's part carries no icon code into the page's first load (#18).
 */
export function CompareToggle(props: CompareToggleProps) {
  return (
    <CompareToggleButton
      {...props}
      icons={
        <>
          <Check aria-hidden className="hidden size-3.5 group-aria-pressed:block" />
          <Plus aria-hidden className="size-3.5 group-aria-pressed:hidden" />
        </>
      }
    />
  );
}
