/**
 * The projects chosen for /compare (kept in the browser): pure rules, without zod, so
 * the browser's toggle loads little and its tests share them.
 */

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** The shareable address of a comparison. */
export function compareHref(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}

export type CompareSelection = readonly string[];

/** Adds a project, or removes it when already chosen; a fifth is refused (the selection is returned unchanged). */
export function toggleCompare(selection: CompareSelection, id: string): { selection: CompareSelection; refused: boolean } {
  if (selection.includes(id)) return { selection: selection.filter((chosen) => chosen !== id), refused: false };
  if (selection.length >= COMPARE_MAX) return { selection, refused: true };
  return { selection: [...selection, id], refused: false };
}

/** A stored selection read back: only well-formed, distinct ids, at most four; anything else is dropped. */
export function readCompareSelection(stored: string | null): CompareSelection {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((id): id is string => typeof id === 'string' && /^[a-z0-9][a-z0-9-]{0,99}$/.test(id));
    return [...new Set(ids)].slice(0, COMPARE_MAX);
  } catch {
    return [];
  }
}
