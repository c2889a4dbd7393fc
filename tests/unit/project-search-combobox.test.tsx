import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { ProjectSearch, type SearchContext } from '@/components/search/project-search';
import { SEARCH_DEBOUNCE_MS } from '@/components/search/use-project-search';
import { SEARCH_TEXTS } from '@/lib/messages/search';
import type { SearchResult } from '@/lib/search';

import { createTestRoot, settle, typeInto } from '../support/render';

// Texts and sizes the spec gives (SPEC §2) are written out, so a drift in the catalogue or constants fails here.
const { getMock, pushMock } = vi.hoisted(() => ({ getMock: vi.fn(), pushMock: vi.fn() }));
vi.mock('@/lib/http', () => ({ http: { get: getMock } }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: pushMock }) }));

const project = (id: string, rank: number | null, ticker: string): SearchResult => ({ id, logo: null, name: id[0].toUpperCase() + id.slice(1), rank, tokenTickers: [ticker] });
const TRENDING = [project('bitcoin', 1, 'BTC'), project('ethereum', 2, 'ETH')];
const FOUND = [project('bitcoin', 1, 'BTC'), project('bitcoin-cash', null, 'BCH'), project('wrapped-bitcoin', 15, 'WBTC')];

const root = createTestRoot();
let answerTrending: (results: SearchResult[]) => void;

const input = () => root.container.querySelector<HTMLInputElement>('[role="combobox"]')!;
const listbox = () => document.getElementById(input().getAttribute('aria-controls')!);
const options = () => [...(listbox()?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
const selected = () => options().map((option) => option.getAttribute('aria-selected'));

const render = (props: { context: SearchContext; onSelect?: (project: SearchResult) => void; openOnFocus?: boolean; disabled?: boolean; look?: 'hero' }) =>
  root.render(
    <div>
      <ProjectSearch {...props} />
      <button type="button">elsewhere</button>
    </div>,
  );

async function focus() {
  await act(async () => input().focus());
}

/** Types as a user would, then lets the debounced search go out and come back. */
async function type(text: string) {
  await typeInto(input(), text);
  await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  await settle();
}

async function press(key: string) {
  await act(async () => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

// The list's code loads on first use (a dynamic import); loaded once here, each test's opening renders it at once.
beforeAll(async () => {
  await import('@/components/search/project-search-list');
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  getMock.mockImplementation((_url: string, options: { query: { keyword: string } }) =>
    options.query.keyword
      ? Promise.resolve(FOUND)
      : new Promise<SearchResult[]>((resolve) => {
          answerTrending = resolve;
        }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ProjectSearch', () => {
  it('focusing the main search shows Trending Projects with five loading rows, then the trending options', async () => {
    // The home page's large box (cx() would throw on competing classes outside production builds).
    await render({ context: 'main-search', look: 'hero' });
    expect(input().placeholder).toBe('Search Project by Name / Token');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(listbox()).toBeNull();

    await focus();
    expect(getMock).toHaveBeenCalledWith('/api/search-project', expect.objectContaining({ query: { keyword: '' } }));
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(listbox()!.getAttribute('aria-label')).toBe('Trending Projects');
    expect(root.container.textContent).toContain('Trending Projects');
    expect(root.container.querySelectorAll('[data-testid="search-loading-row"]')).toHaveLength(5);

    await act(async () => answerTrending(TRENDING));
    await settle();
    expect(root.container.querySelectorAll('[data-testid="search-loading-row"]')).toHaveLength(0);
    expect(options().map((option) => option.textContent)).toEqual(['#1BBitcoinBTC', '#2EEthereumETH']);
    // The list sits in the box's own subtree (not portalled), so a dialog or the header contains it.
    expect(root.container.contains(listbox())).toBe(true);
  });

  it('the navigation and survey variants say Trending Search; the navigation list is 252 wide and off while disabled', async () => {
    await render({ context: 'navigation-bar', disabled: true });
    expect(input().placeholder).toBe('Search project');
    expect(input().disabled).toBe(true);

    await render({ context: 'navigation-bar' });
    await focus();
    expect(listbox()!.getAttribute('aria-label')).toBe('Trending Search');
    expect(listbox()!.parentElement!.style.width).toBe('252px');
    expect(root.container.textContent).not.toContain('Trending Projects');
  });

  it('arrow keys move the active option, Enter opens it, and the box is cleared and blurred', async () => {
    await render({ context: 'main-search' });
    await focus();
    await type('bitcoin');
    expect(listbox()!.getAttribute('aria-label')).toBe(SEARCH_TEXTS.resultsLabel);
    expect(selected()).toEqual(['false', 'false', 'false']);

    await press('ArrowDown');
    expect(selected()).toEqual(['true', 'false', 'false']);
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0].id);
    expect(options()[0].id).toBe(`${listbox()!.id}-bitcoin`);
    await press('ArrowDown');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(selected()).toEqual(['true', 'false', 'false']);
    await press('ArrowUp');
    expect(selected()).toEqual(['false', 'false', 'true']);

    await press('Enter');
    expect(pushMock).toHaveBeenCalledWith('/projects/wrapped-bitcoin');
    expect(input().value).toBe('');
    expect(document.activeElement).not.toBe(input());
    expect(listbox()).toBeNull();
  });

  it('Enter without an active option opens the first result; Escape closes the list and ArrowDown opens it again', async () => {
    await render({ context: 'main-search' });
    await focus();
    await type('bit');
    await press('Escape');
    expect(listbox()).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(input());

    await press('ArrowDown');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(selected()).toEqual(['true', 'false', 'false']);
    await press('ArrowUp');
    expect(selected()).toEqual(['false', 'false', 'true']);
    await press('Escape');
    await press('ArrowDown');
    await press('Escape');
    await type('bitc');
    await press('Enter');
    expect(pushMock).toHaveBeenCalledWith('/projects/bitcoin');
  });

  it('in a form, focus does not open the list, a click does, and choosing an option calls the handler instead of navigating', async () => {
    const onSelect = vi.fn();
    await render({ context: 'form-picker', onSelect, openOnFocus: false });
    await focus();
    expect(listbox()).toBeNull();
    await act(async () => input().click());
    expect(listbox()!.getAttribute('aria-label')).toBe('Trending Search');

    await type('bitcoin');
    const second = options()[1];
    // A press on an option keeps the focus in the box, so the click lands.
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    await act(async () => second.dispatchEvent(press));
    expect(press.defaultPrevented).toBe(true);
    await act(async () => second.click());
    expect(onSelect).toHaveBeenCalledWith(FOUND[1]);
    expect(pushMock).not.toHaveBeenCalled();
    expect(input().value).toBe('');
    expect(listbox()).toBeNull();
  });

  // At once: no timer runs between the focus leaving and the list closing.
  it('closes when the focus moves elsewhere, and stays open when the box itself is focused again', async () => {
    await render({ context: 'main-search' });
    await focus();
    await type('bitcoin');
    expect(listbox()).not.toBeNull();
    await focus();
    expect(listbox()).not.toBeNull();

    await act(async () => root.container.querySelector('button')!.focus());
    expect(listbox()).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });
});
