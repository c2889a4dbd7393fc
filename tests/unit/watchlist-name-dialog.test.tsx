import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { WatchlistNameDialog } from '@/components/watchlist/create-watchlist-dialog';
import { WATCHLIST_MESSAGES } from '@/lib/messages';

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

const button = (name: string) => [...document.querySelectorAll('button')].find((element) => element.textContent === name)!;
const input = () => document.getElementById('watchlist-name') as HTMLInputElement;

async function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function openWith(onConfirm: (name: string) => Promise<boolean | 'name-used'>) {
  act(() => root.render(<WatchlistNameDialog trigger={<button>Open</button>} title="New watchlist" confirmLabel="Create" existingNames={['Mine']} onConfirm={onConfirm} />));
  await act(async () => button('Open').click());
}

describe('the watchlist name dialog', () => {
  it('does nothing when confirmed with an empty name', async () => {
    const onConfirm = vi.fn();
    await openWith(onConfirm);
    await type('   ');
    await act(async () => button('Create').click());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('The name cannot be empty.');
  });

  it('refuses a used name with the spec message and clears the box', async () => {
    const onConfirm = vi.fn();
    await openWith(onConfirm);
    await type('Mine');
    await act(async () => button('Create').click());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(WATCHLIST_MESSAGES.nameUsed);
    expect(input().value).toBe('');
  });

  it('sends a new name and closes when the server takes it; the server refusing a used name clears the box', async () => {
    const onConfirm = vi.fn<(name: string) => Promise<boolean | 'name-used'>>().mockResolvedValueOnce('name-used').mockResolvedValueOnce(true);
    await openWith(onConfirm);
    await type('  Fresh ');
    await act(async () => button('Create').click());
    expect(onConfirm).toHaveBeenLastCalledWith('Fresh');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(WATCHLIST_MESSAGES.nameUsed);
    expect(input().value).toBe('');
    await type('Other');
    expect(document.querySelector('[role="alert"]')).toBeNull();
    await act(async () => button('Create').click());
    expect(onConfirm).toHaveBeenLastCalledWith('Other');
    expect(document.getElementById('watchlist-name')).toBeNull();
  });
});
