'use client';

import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment (epoch ms), at most `maxSeconds`, ticking every quarter second; 0 once it
 * has passed.
 */
export function useCountdown(until: number, maxSeconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.min(maxSeconds, Math.max(0, Math.ceil((until - now) / 1000)));
}
