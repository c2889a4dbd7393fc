import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionProvider, useSession } from '@/components/auth/session';
import { useWatchlistsStore, WatchlistsProvider, type WatchlistsStore } from '@/components/watchlist/watchlists-provider';

import { createTestRoot, settle } from '../support/render';

vi.mock('next/navigation', () => ({ usePathname: () => '/' }));

const root = createTestRoot();
const fetchMock = vi.fn();
const storesSeen: WatchlistsStore[] = [];
const statusesSeen: string[] = [];

/** A star's view of the shared store: every render notes the store object it was given. */
function Star() {
  storesSeen.push(useWatchlistsStore());
  return null;
}

function Status() {
  statusesSeen.push(useSession().status);
  return null;
}

beforeEach(() => {
  storesSeen.length = 0;
  statusesSeen.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('the watchlists store under the browser session (#18)', () => {
  it('stays the same object when the first session read finds nobody, so the stars do not render again', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('null', { status: 200, headers: { 'content-type': 'application/json' } })));
    await root.render(
      <SessionProvider refetchIntervalSeconds={0}>
        <WatchlistsProvider>
          <Star />
        </WatchlistsProvider>
        <Status />
      </SessionProvider>,
    );
    await act(() => settle());
    expect(statusesSeen.at(0)).toBe('loading');
    expect(statusesSeen.at(-1)).toBe('unauthenticated');
    expect(storesSeen).toHaveLength(1);
    expect(storesSeen[0].source()).toBeNull();
  });

  it('changes when someone signs in, so the stars read that user lists', async () => {
    fetchMock.mockImplementation((url: string) =>
      url === '/api/auth/session'
        ? Promise.resolve(new Response(JSON.stringify({ user: { id: 'u-1', email: 'a@example.com' }, expires: '2099-01-01T00:00:00.000Z' }), { status: 200 }))
        : Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await root.render(
      <SessionProvider refetchIntervalSeconds={0}>
        <WatchlistsProvider>
          <Star />
        </WatchlistsProvider>
      </SessionProvider>,
    );
    await act(() => settle());
    expect(new Set(storesSeen).size).toBe(2);
    expect(storesSeen[0].source()).toBeNull();
    expect(storesSeen.at(-1)!.source()).toBeInstanceOf(Promise);
  });
});
