'use client';

import { signIn } from 'next-auth/react';

import { refreshSession } from './session';

export type AuthReply = { ok: true } | { ok: false; error: string };

type AuthActionResult = { data?: unknown; serverError?: string } | undefined;

/**
 * Runs one of the auth actions: a refusal is the exception name the pool answered with (actions/client.ts passes
 * it on), input the server would not take is InvalidParameterException, and a request that got no answer is
 * UnknownException.
 */
export async function runAuthAction<Input>(execute: (input: Input) => Promise<AuthActionResult>, input: Input): Promise<AuthReply> {
  let result: AuthActionResult;
  try {
    result = await execute(input);
  } catch {
    return { ok: false, error: 'UnknownException' };
  }
  if (result?.data) return { ok: true };
  return { ok: false, error: result?.serverError ?? 'InvalidParameterException' };
}

/** Signs in through the session mechanism's credentials callback without leaving the page. */
export async function signInWithPassword(email: string, password: string): Promise<AuthReply> {
  try {
    const result = await signIn('credentials', { email, password, redirect: false });
    if (result && result.ok && !result.error && result.status === 200) {
      await refreshSession();
      return { ok: true };
    }
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
