import { act, createRef, useImperativeHandle, type Ref } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SEARCH_DEBOUNCE_MS, useProjectSearch, type ProjectSearchState } from '@/components/search/use-project-search';
import type { SearchResult } from '@/lib/search';

import { createTestRoot, settle } from '../support/render';

// The search endpoint, answering each call with a promise the test settles when it wants.
const { getMock } = vi.hoisted(() => ({ getMock: vi.fn() }));
vi.mock('@/lib/http', () => ({ http: { get: getMock } }));

type Call = { keyword: string; resolve: (results: SearchResult[]) => void; reject: (error: Error) => void };
let calls: Call[];

const project = (id: string): SearchResult => ({ id, logo: null, name: id, rank: 1, tokenTickers: [] });

function Probe({ keyword, ref }: { keyword: string; ref: Ref<ProjectSearchState> }) {
  const state = useProjectSearch(keyword);
  useImperativeHandle(ref, () => state);
  return null;
}

const root = createTestRoot();
const handle = createRef<ProjectSearchState>();
const state = () => handle.current!;
const names = () => state().results?.map((result) => result.id) ?? null;

const type = (keyword: string) => root.render(<Probe keyword={keyword} ref={handle} />);
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  getMock.mockReset();
  getMock.mockImplementation(
    (_url: string, options: { query: { keyword: string } }) =>
      new Promise<SearchResult[]>((resolve, reject) => calls.push({ keyword: options.query.keyword, resolve, reject })),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useProjectSearch', () => {
  it('sends one search, for the last keyword, once typing has paused for the debounce time', async () => {
    await type('bi');
    await wait(SEARCH_DEBOUNCE_MS - 50);
    await type('bit');
    await wait(SEARCH_DEBOUNCE_MS - 50);
    await type('bitc');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(getMock).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ searching: true, loading: true, failed: false, results: null });

    await wait(1);
    expect(calls.map((call) => call.keyword)).toEqual(['bitc']);
    expect(getMock).toHaveBeenCalledWith('/api/search-project', expect.objectContaining({ query: { keyword: 'bitc' } }));
    calls[0].resolve([project('bitcoin')]);
    await settle();
    expect(state()).toMatchObject({ loading: false, failed: false });
    expect(names()).toEqual(['bitcoin']);
  });

  it('drops an answer that arrives for a keyword the user has since changed', async () => {
    await type('eth');
    await wait(SEARCH_DEBOUNCE_MS);
    await type('bitcoin');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(calls.map((call) => call.keyword)).toEqual(['eth', 'bitcoin']);

    // The older answer comes last but one: it must not show under the new keyword.
    calls[0].resolve([project('ethereum')]);
    await settle();
    expect(state().loading).toBe(true);
    expect(names()).toBeNull();

    calls[1].resolve([project('bitcoin')]);
    await settle();
    expect(names()).toEqual(['bitcoin']);

    // Nor does a late failure of a request that was replaced.
    await type('bitcoin cash');
    await wait(SEARCH_DEBOUNCE_MS);
    await type('bitcoin');
    calls[2].reject(new Error('late'));
    await settle();
    expect(state().failed).toBe(false);
  });

  it('searches from two characters on (the minimum length of SPEC §2)', async () => {
    await type(' b ');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(getMock).not.toHaveBeenCalled();
    await type('bi');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(calls.map((call) => call.keyword)).toEqual(['bi']);
  });

  it('under the minimum length sends no search and shows the trending list, loaded once on demand', async () => {
    await type('b');
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(getMock).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ searching: false, results: null });

    await act(async () => {
      state().loadTrending();
      state().loadTrending();
    });
    expect(calls.map((call) => call.keyword)).toEqual(['']);
    calls[0].resolve([project('bitcoin'), project('ethereum')]);
    await settle();
    expect(names()).toEqual(['bitcoin', 'ethereum']);

    // Searching and then clearing the keyword brings the same list back without asking again.
    await type('eth');
    expect(names()).toBeNull();
    await wait(SEARCH_DEBOUNCE_MS);
    calls[1].resolve([project('ethereum')]);
    await settle();
    expect(names()).toEqual(['ethereum']);
    await type(' e ');
    expect(names()).toEqual(['bitcoin', 'ethereum']);
    expect(getMock).toHaveBeenCalledTimes(2);
    await act(async () => state().loadTrending());
    expect(getMock).toHaveBeenCalledTimes(2);
  });

  it('says when a search fails, and loads the trending list again after it failed', async () => {
    await type('solana');
    await wait(SEARCH_DEBOUNCE_MS);
    calls[0].reject(new Error('down'));
    await settle();
    expect(state()).toMatchObject({ failed: true, loading: false, results: null });

    await type('');
    await act(async () => state().loadTrending());
    calls[1].reject(new Error('down'));
    await settle();
    expect(state()).toMatchObject({ failed: true, loading: false });
    await act(async () => state().loadTrending());
    expect(calls.map((call) => call.keyword)).toEqual(['solana', '', '']);
    calls[2].resolve([project('bitcoin')]);
    await settle();
    expect(state()).toMatchObject({ failed: false, loading: false });
    expect(names()).toEqual(['bitcoin']);
  });
});
