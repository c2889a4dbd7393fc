'use client';

import type { Session } from 'next-auth';
import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react';

// The visitor's session as the browser knows it, read from Auth.js's own endpoint (GET /api/auth/session) so pages
// stay the same for everyone and cacheable. It does what next-auth/react's SessionProvider did for this site (read
// on load, again when the tab becomes visible, when another tab says it changed, and by interval when configured;
// update() after a profile change) without putting that module, ~2.4 kB gzip, into every page's first load:
// signIn and signOut still come from next-auth/react, in the forms that load on use, and call refreshSession().

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type SessionState = { data: Session; status: 'authenticated' } | { data: null; status: Exclude<SessionStatus, 'authenticated'> };

const SESSION_PATH = '/api/auth/session';
/** The channel next-auth/react's signOut also announces on, so every tab of the site hears a change. */
const CHANNEL = 'next-auth';

const LOADING: SessionState = { data: null, status: 'loading' };
let state: SessionState = LOADING;
const listeners = new Set<() => void>();

function set(data: Session | null) {
  state = data ? { data, status: 'authenticated' } : { data: null, status: 'unauthenticated' };
  for (const listener of listeners) listener();
}

/** A session answer as Auth.js gives it: null (or an empty object) when nobody is signed in. */
function sessionFrom(body: unknown): Session | null {
  return body && typeof body === 'object' && 'user' in body ? (body as Session) : null;
}

async function readSession(init?: RequestInit): Promise<Session | null | undefined> {
  try {
    const response = await fetch(SESSION_PATH, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
    if (!response.ok) return undefined;
    return sessionFrom(await response.json());
  } catch {
    // Offline or a deploy in between: what the page knows stays until the next read.
    return undefined;
  }
}

let channel: BroadcastChannel | null | undefined;

/** One channel for this tab, to speak and to listen: a channel does not hear its own messages, so no read echoes. */
function tabChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

function tellOtherTabs() {
  tabChannel()?.postMessage({ event: 'session', data: { trigger: 'getSession' } });
}

/**
 * Reads the session again. After this tab signed in or out (or changed what the session carries) the other tabs are
 * told to read theirs; a read prompted by another tab does not tell them again.
 */
export async function refreshSession({ announce = true }: { announce?: boolean } = {}): Promise<void> {
  const fresh = await readSession();
  if (fresh === undefined) {
    // A first read that fails leaves the page as for a visitor, not loading for ever.
    if (state.status === 'loading') set(null);
    return;
  }
  set(fresh);
  if (announce) tellOtherTabs();
}

/** Asks the server to renew the session's contents (the profile changed), with Auth.js's CSRF token. */
async function update(data: unknown = {}): Promise<Session | null | undefined> {
  let csrfToken = '';
  try {
    const response = await fetch('/api/auth/csrf');
    csrfToken = ((await response.json()) as { csrfToken?: string }).csrfToken ?? '';
  } catch {
    return undefined;
  }
  const fresh = await readSession({ method: 'POST', body: JSON.stringify({ csrfToken, data }) });
  if (fresh === undefined) return undefined;
  set(fresh);
  tellOtherTabs();
  return fresh;
}

/** The session the pages below the provider show: React state, so a change renders as a transition (see below). */
const SessionContext = createContext<SessionState | null>(null);

/** The session, 'loading' until the first read answers (and on the server, where pages are the same for everyone). */
export function useSession(): SessionState & { update: typeof update } {
  const current = use(SessionContext);
  if (!current) throw new Error('useSession needs the SessionProvider above it (the root layout has it)');
  return { ...current, update };
}

/** Keeps the session current for everything below: read on mount, on visibility, on another tab's word, by interval. */
export function SessionProvider({ refetchIntervalSeconds, children }: { refetchIntervalSeconds: number; children: ReactNode }) {
  const [current, setCurrent] = useState<SessionState>(LOADING);
  useEffect(() => {
    // Each change is shown in a transition, not as an external store's synchronous render: the first read answers
    // while the page is still hydrating, and a synchronous update would hydrate every section that the account
    // area, the stars and the tour depend on in one long task (~160 ms of a phone's main thread on the home page);
    // a transition hydrates them in slices between the browser's own work (#18).
    const show = () => startTransition(() => setCurrent(state));
    listeners.add(show);
    show();
    return () => void listeners.delete(show);
  }, []);
  useEffect(() => {
    void refreshSession({ announce: false });
    const readWhenVisible = () => {
      // A visitor without a session learns of a sign-in elsewhere from the other tab's message.
      if (document.visibilityState === 'visible' && state.data) void refreshSession({ announce: false });
    };
    document.addEventListener('visibilitychange', readWhenVisible);
    const channel = tabChannel();
    const readOnMessage = () => void refreshSession({ announce: false });
    channel?.addEventListener('message', readOnMessage);
    const timer =
      refetchIntervalSeconds > 0
        ? window.setInterval(() => {
            if (state.data && navigator.onLine !== false) void refreshSession({ announce: false });
          }, refetchIntervalSeconds * 1000)
        : undefined;
    return () => {
      document.removeEventListener('visibilitychange', readWhenVisible);
      channel?.removeEventListener('message', readOnMessage);
      window.clearInterval(timer);
    };
  }, [refetchIntervalSeconds]);
  return <SessionContext value={current}>{children}</SessionContext>;
}
