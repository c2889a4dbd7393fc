import { atom } from 'jotai';

export const AUTH_MODAL_STATES = ['login', 'signup', 'forgot-password', 'reset-forgotten-password', 'verify-email', 'hidden'] as const;
export type AuthModalState = (typeof AUTH_MODAL_STATES)[number];
export type AuthStep = Exclude<AuthModalState, 'hidden'>;

/** Which step of the auth modal is showing; 'hidden' when closed. */
export const authModalAtom = atom<AuthModalState>('hidden');

/**
 * The email (and, after sign-up or a refused unconfirmed login, the password) carried between steps, so verify
 * and reset can sign the user in at the end. Kept in memory only.
 */
export const authCredentialsAtom = atom<{ email: string; password: string | null }>({ email: '', password: null });

/** When the resend button becomes available again (epoch ms). */
export const resendAvailableAtAtom = atom<number>(0);
