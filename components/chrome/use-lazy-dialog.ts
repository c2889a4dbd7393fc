'use client';

import { useState } from 'react';

/**
 * Open state for a dialog whose code (Radix, its form, its validation) loads on first use rather than with the
 * page. The code is fetched as soon as the trigger is pointed at or focused, so opening feels instant; once
 * mounted the dialog stays mounted, so closing animates and reopening costs nothing.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const preload = () => void load().catch(() => undefined);
  return {
    open,
    setOpen,
    mounted,
    triggerProps: {
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setMounted(true);
        setOpen(true);
      },
    },
  };
}
