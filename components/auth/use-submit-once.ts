'use client';

import { useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that ignores a second submit while one is in flight (SPEC §5). A ref, not state: two
 * submits in one tick see it before any render could disable the button.
 */
export function useSubmitOnce(submit: (event: FormEvent) => Promise<void>) {
  const inFlight = useRef(false);
  return async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submit(event);
    } finally {
      inFlight.current = false;
    }
  };
}
