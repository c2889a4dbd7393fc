/**
 * Toasts without loading the toast library up front. `toast.success` / `toast.error` ask for the toast area,
 * wait until it is mounted and listening, then show the message; the library arrives with the first toast or
 * with the visitor's first interaction (see ToasterTrigger in root-client.tsx), whichever comes first.
 */

type Kind = 'success' | 'error';

let wanted = false;
const wantedListeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Asks for the toast area to be mounted. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

export function isToasterWanted(): boolean {
  return wanted;
}

export function subscribeToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** Called by the toast area once it listens for toasts. */
export function toasterMounted(): void {
  markMounted();
}

let library: Promise<typeof import('sonner')> | null = null;

function show(kind: Kind, message: string): void {
  wantToaster();
  library ??= mounted.then(() => import('sonner'));
  void library.then(({ toast: sonner }) => sonner[kind](message)).catch(() => undefined);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
