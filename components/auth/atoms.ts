import { atom } from 'jotai';

export const AUTH_MODAL_STATES = ['login', 'signup', 'forgot-password', 'reset-forgotten-password', 'verify-email', 'hidden'] as const;
export type AuthModalState = (typeof AUTH_MODAL_STATES)[number];

/** Which step of the auth modal is showing; 'hidden' when closed. */
export const authModalAtom = atom<AuthModalState>('hidden');
