'use client';

import { useAtom } from 'jotai';

import { authModalAtom } from './atoms';
import { loadOnUse } from '@/components/chrome/load-on-use';

// The dialog and its forms (with their validation) load when the modal first opens, not with every page.
const loadModal = () => import('./auth-modal');
const AuthModal = loadOnUse(() => loadModal().then((module) => module.AuthModal), { browserOnly: true });

/** Fetches the modal's code ahead of a likely open (pointer over or focus on a Log In or Sign Up button). */
export function preloadAuthModal(): void {
  void loadModal().catch(() => undefined);
}

/**
 * What opens the auth modal of large screens: any control that sets authModalAtom to a step of the flow. Part of
 * every page; the modal itself loads on first use.
 */
export function AuthModalTrigger() {
  const [state, setState] = useAtom(authModalAtom);
  if (state === 'hidden') return null;
  return <AuthModal state={state} setState={setState} />;
}
