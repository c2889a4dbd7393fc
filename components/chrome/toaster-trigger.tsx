'use client';

import dynamic from 'next/dynamic';
import { useEffect, useSyncExternalStore } from 'react';

import { isToasterWanted, subscribeToasterWanted, wantToaster } from './toast';

const Toaster = dynamic(() => import('./toaster').then((module) => module.Toaster), { ssr: false });

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Part of every page: mounts the toast area with the first toast or on the visitor's first interaction (every
 * toast answers something the visitor did), so a page that is only read never loads the toast library.
 */
export function ToasterTrigger() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  useEffect(() => {
    if (wanted) return;
    for (const event of FIRST_INTERACTION) window.addEventListener(event, wantToaster, { once: true, passive: true, capture: true });
    return () => {
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, wantToaster, { capture: true });
    };
  }, [wanted]);
  return wanted ? <Toaster /> : null;
}
