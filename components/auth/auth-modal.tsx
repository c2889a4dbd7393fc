'use client';

import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';

import { authModalAtom } from './atoms';

// The dialog and its forms (with their validation) load when the modal first opens, not with every page.
const loadDialog = () => import('./auth-modal-dialog');
const AuthModalDialog = dynamic(() => loadDialog().then((module) => module.AuthModalDialog), { ssr: false });

/** Fetches the modal's code ahead of a likely open (pointer over or focus on a Log In or Sign Up button). */
export function preloadAuthModal(): void {
  void loadDialog().catch(() => undefined);
}

/** The auth modal of large screens: its state is one of the flow's steps, or hidden. */
export function AuthModal() {
  const [state, setState] = useAtom(authModalAtom);
  if (state === 'hidden') return null;
  return <AuthModalDialog state={state} setState={setState} />;
}
