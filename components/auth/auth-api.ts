'use client';

import { signIn } from 'next-auth/react';

import { HttpError, http } from '@/lib/http';

export type AuthReply = { ok: true } | { ok: false; error: string };

/** Calls one of our auth endpoints; the failure is the exception name the server answered with. */
export async function callAuthApi(path: string, body: Record<string, string>): Promise<AuthReply> {
  try {
    await http.post(`/api/auth/${path}`, body, { retries: 0 });
    return { ok: true };
  } catch (error) {
    if (error instanceof HttpError && error.body && typeof error.body === 'object' && 'error' in error.body) {
      return { ok: false, error: String((error.body as { error: unknown }).error) };
    }
    return { ok: false, error: 'UnknownException' };
  }
}

/** Signs in through the session mechanism's credentials callback without leaving the page. */
export async function signInWithPassword(email: string, password: string): Promise<AuthReply> {
  try {
    const result = await signIn('credentials', { email, password, redirect: false });
    if (result && result.ok && !result.error && result.status === 200) return { ok: true };
    return { ok: false, error: result?.code ?? 'UnknownException' };
  } catch {
    reportClientAuthProblem('SIGNIN_FAILED', 'The sign-in request failed');
    return { ok: false, error: 'UnknownException' };
  }
}

/** Sends a client-side auth problem to the server's log beacon. */
export function reportClientAuthProblem(code: string, message: string) {
  const body = new URLSearchParams({ level: 'error', code, message });
  if (typeof navigator !== 'undefined' && navigator.sendBeacon) navigator.sendBeacon('/api/auth/_log', body);
}
