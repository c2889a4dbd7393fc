'use client';

import { useCallback, useSyncExternalStore } from 'react';

import { readCompareSelection, toggleCompare, type CompareSelection } from '@/lib/compare-selection';

const STORAGE_KEY = 'sentinel-shield:compare';
const EMPTY: CompareSelection = [];
const listeners = new Set<() => void>();
// The parsed selection for the stored text, so every render of every toggle sees the same array.
let cache: { text: string | null; selection: CompareSelection } = { text: null, selection: EMPTY };

function snapshot(): CompareSelection {
  let text: string | null;
  try {
    text = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the selection lives in memory, for this page only.
    return cache.selection;
  }
  if (text !== cache.text) cache = { text, selection: readCompareSelection(text) };
  return cache.selection;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function write(selection: CompareSelection) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(selection));
  } catch {
    cache = { text: JSON.stringify(selection), selection };
  }
  for (const listener of listeners) listener();
}

/** The projects chosen for comparison in this browser, shared by every toggle and link on the page and across tabs. */
export function useCompareSelection() {
  const selection = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const toggle = useCallback((id: string) => {
    const result = toggleCompare(snapshot(), id);
    if (!result.refused) write(result.selection);
    return result;
  }, []);
  const clear = useCallback(() => write(EMPTY), []);
  return { selection, toggle, clear };
}
