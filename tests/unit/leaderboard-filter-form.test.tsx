import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { LeaderboardFilters } from '@/components/home/leaderboard-filters';
import { filledFieldsQuery } from '@/lib/form-query';
import { DEFAULT_FILTERS, leaderboardQuery, type LeaderboardFilters as Filters } from '@/lib/leaderboard';
import { parseLeaderboardFilters } from '@/lib/schemas/leaderboard';

import { createTestRoot } from '../support/render';

const { pushMock } = vi.hoisted(() => ({ pushMock: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: pushMock, prefetch: vi.fn() }) }));

const root = createTestRoot();
const form = () => root.container.querySelector('form')!;
const field = <T extends HTMLElement>(name: string) => form().querySelector<T>(`[name="${name}"]`)!;

const FILTERED: Filters = { category: 'DeFi', chain: 'Ethereum', grade: 'AA', minScore: 40, maxScore: 90, audit: 'audited', kyc: true, sort: 'name', page: 3 };

const render = (filters: Filters) => root.render(<LeaderboardFilters filters={filters} categories={['DeFi', 'Layer 1']} chains={['Ethereum', 'Solana']} />);

/** A committed change, as the browser sends it: the new value, then `change` (selects, boxes, a number left). */
async function commit(element: HTMLInputElement | HTMLSelectElement, change: () => void) {
  await act(async () => {
    change();
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeEach(() => pushMock.mockReset());

describe('the leaderboard filters form', () => {
  it('is a GET form to the leaderboard showing the filters it was given', async () => {
    await render(FILTERED);
    expect(form().getAttribute('method')).toBe('get');
    expect(form().getAttribute('action')).toBe('/projects');
    expect(field<HTMLSelectElement>('category').value).toBe('DeFi');
    expect(field<HTMLSelectElement>('chain').value).toBe('Ethereum');
    expect(field<HTMLSelectElement>('grade').value).toBe('AA');
    expect(field<HTMLSelectElement>('audit').value).toBe('audited');
    expect(field<HTMLInputElement>('minScore').value).toBe('40');
    expect(field<HTMLInputElement>('maxScore').value).toBe('90');
    expect(field<HTMLSelectElement>('sort').value).toBe('name');
    expect(field<HTMLInputElement>('kyc').checked).toBe(true);
    expect(root.container.querySelector('a')?.getAttribute('href')).toBe('/projects');
    expect(root.container.querySelector('a')?.textContent).toBe('Reset filters');
  });

  it('sends, without scripts, a query the page reads as the same filters (page 1); the defaults leave the query empty', async () => {
    await render(FILTERED);
    const sent = new URLSearchParams([...new FormData(form())].map(([name, value]) => [name, String(value)]));
    expect(parseLeaderboardFilters(sent)).toEqual({ ...FILTERED, page: 1 });

    await render(DEFAULT_FILTERS);
    const defaults = new FormData(form());
    expect(parseLeaderboardFilters(new URLSearchParams([...defaults].map(([name, value]) => [name, String(value)])))).toEqual(DEFAULT_FILTERS);
    expect(filledFieldsQuery(defaults)).toBe('');
  });

  it('applies a chosen category at once, leaving empty fields and the default sort out of the address', async () => {
    await render(DEFAULT_FILTERS);
    await commit(field<HTMLSelectElement>('category'), () => (field<HTMLSelectElement>('category').value = 'Layer 1'));
    expect(pushMock).toHaveBeenCalledTimes(1);
    expect(pushMock).toHaveBeenCalledWith('/projects?category=Layer+1', { scroll: false });
    expect(pushMock.mock.calls[0][0]).toBe(`/projects${leaderboardQuery({ category: 'Layer 1' })}`);
  });

  it('applies a sort, the KYC box and a score once each is committed, keeping the other filters and starting at page 1', async () => {
    await render(FILTERED);
    await commit(field<HTMLSelectElement>('sort'), () => (field<HTMLSelectElement>('sort').value = ''));
    expect(pushMock).toHaveBeenLastCalledWith('/projects?category=DeFi&chain=Ethereum&grade=AA&audit=audited&minScore=40&maxScore=90&kyc=1', { scroll: false });

    await commit(field<HTMLInputElement>('kyc'), () => (field<HTMLInputElement>('kyc').checked = false));
    expect(new URL(pushMock.mock.lastCall![0], 'http://x').searchParams.has('kyc')).toBe(false);

    // Typing alone (input events) applies nothing; leaving the box (change) does.
    const calls = pushMock.mock.calls.length;
    await act(async () => {
      field<HTMLInputElement>('minScore').value = '55';
      field<HTMLInputElement>('minScore').dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(pushMock).toHaveBeenCalledTimes(calls);
    await commit(field<HTMLInputElement>('minScore'), () => undefined);
    const applied = parseLeaderboardFilters(new URL(pushMock.mock.lastCall![0], 'http://x').searchParams);
    expect(applied).toEqual({ ...FILTERED, minScore: 55, kyc: false, sort: 'score', page: 1 });
  });

  it('opens the address once when one Enter both commits a score and submits the form', async () => {
    await render(DEFAULT_FILTERS);
    await act(async () => {
      field<HTMLInputElement>('maxScore').value = '70';
      field<HTMLInputElement>('maxScore').dispatchEvent(new Event('change', { bubbles: true }));
      form().requestSubmit();
    });
    expect(pushMock).toHaveBeenCalledTimes(1);
    expect(pushMock).toHaveBeenCalledWith('/projects?maxScore=70', { scroll: false });

    // The same address asked for again later (say, after going back) is opened again.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
    await act(async () => form().requestSubmit());
    expect(pushMock).toHaveBeenCalledTimes(2);
  });
});
