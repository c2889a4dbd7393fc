import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestRoot, settle } from '../support/render';

type SessionModule = typeof import('@/components/auth/session');

const root = createTestRoot();
const fetchMock = vi.fn();
let session: SessionModule;
let seen: { status: string; email: string | null }[];
let otherTab: BroadcastChannel;
let heardByOtherTab: unknown[];

const signedIn = (email: string) => ({ user: { email }, expires: '2099-01-01T00:00:00.000Z' });
const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const sessionReads = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/auth/session' && !init?.method).length;

function Probe() {
  const { status, data } = session.useSession();
  seen.push({ status, email: data?.user?.email ?? null });
  return null;
}

async function renderProvider(refetchIntervalSeconds = 0) {
  await root.render(
    <session.SessionProvider refetchIntervalSeconds={refetchIntervalSeconds}>
      <Probe />
    </session.SessionProvider>,
  );
  await act(() => settle());
}

const last = () => seen.at(-1);
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(async () => {
  vi.resetModules();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  session = await import('@/components/auth/session');
  seen = [];
  heardByOtherTab = [];
  otherTab = new BroadcastChannel('next-auth');
  otherTab.onmessage = (event) => heardByOtherTab.push(event.data);
});

afterEach(() => {
  otherTab.close();
  vi.unstubAllGlobals();
});

describe('the browser session store', () => {
  it('is loading until the first read answers, then signed in with what the server says', async () => {
    fetchMock.mockImplementation(() => answer(signedIn('a@example.com')));
    await renderProvider();
    expect(seen[0]).toEqual({ status: 'loading', email: null });
    expect(last()).toEqual({ status: 'authenticated', email: 'a@example.com' });
    expect(sessionReads()).toBe(1);
  });

  it('is signed out when the server has no session, and when the first read fails', async () => {
    fetchMock.mockImplementation(() => answer(null));
    await renderProvider();
    expect(last()).toEqual({ status: 'unauthenticated', email: null });

    vi.resetModules();
    session = await import('@/components/auth/session');
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    seen = [];
    await root.render(null);
    await renderProvider();
    expect(last()).toEqual({ status: 'unauthenticated', email: null });
  });

  it('reads again when the tab becomes visible, only while someone is signed in', async () => {
    fetchMock.mockImplementation(() => answer(null));
    await renderProvider();
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(sessionReads()).toBe(1);

    fetchMock.mockImplementation(() => answer(signedIn('a@example.com')));
    await act(() => session.refreshSession());
    const reads = sessionReads();
    fetchMock.mockImplementation(() => answer(null));
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await act(() => settle());
    expect(sessionReads()).toBe(reads + 1);
    expect(last()).toEqual({ status: 'unauthenticated', email: null });
  });

  it('reads again when another tab says the session changed, without telling the tabs again', async () => {
    fetchMock.mockImplementation(() => answer(null));
    await renderProvider();
    fetchMock.mockImplementation(() => answer(signedIn('b@example.com')));
    otherTab.postMessage({ event: 'session', data: { trigger: 'signout' } });
    await nextTick();
    await act(() => settle());
    expect(last()).toEqual({ status: 'authenticated', email: 'b@example.com' });
    await nextTick();
    expect(heardByOtherTab).toEqual([]);
  });

  it('tells the other tabs after this one signed in or out', async () => {
    fetchMock.mockImplementation(() => answer(null));
    await renderProvider();
    fetchMock.mockImplementation(() => answer(signedIn('a@example.com')));
    await act(() => session.refreshSession());
    await nextTick();
    expect(last()).toEqual({ status: 'authenticated', email: 'a@example.com' });
    expect(heardByOtherTab).toEqual([{ event: 'session', data: { trigger: 'getSession' } }]);
  });

  it('update() asks the server to renew the session with the CSRF token and shows the answer', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/auth/csrf') return answer({ csrfToken: 'token-1' });
      if (init?.method === 'POST') return answer(signedIn('renamed@example.com'));
      return answer(signedIn('a@example.com'));
    });
    await renderProvider();
    let update: SessionModule['useSession'] extends () => { update: infer U } ? U : never = async () => undefined;
    function Updater() {
      update = session.useSession().update;
      return null;
    }
    await root.render(
      <session.SessionProvider refetchIntervalSeconds={0}>
        <Probe />
        <Updater />
      </session.SessionProvider>,
    );
    await act(async () => {
      await update({});
    });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/auth/session');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ csrfToken: 'token-1', data: {} });
    expect(last()).toEqual({ status: 'authenticated', email: 'renamed@example.com' });
  });

  it('reads by interval while signed in when an interval is configured', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      fetchMock.mockImplementation(() => answer(signedIn('a@example.com')));
      await renderProvider(30);
      expect(sessionReads()).toBe(1);
      await act(async () => vi.advanceTimersByTime(30_000));
      await act(() => settle());
      expect(sessionReads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
