// No 'use client': a hook, imported only by client components.

import { useEffect, useState, type RefObject } from 'react';

/** How far below (or above) the screen a part counts as near: far enough that it is ready when scrolled to. */
const NEAR_SCREEN_MARGIN = '300px';

/**
 * Whether the element has come near the screen (once true, it stays true). Lets a part of a long page do its work
 * (draw a chart, ask the server for the visitor's state) only when a reader reaches it, instead of during the load
 * of every visit (#18).
 */
export function useNearScreen(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
