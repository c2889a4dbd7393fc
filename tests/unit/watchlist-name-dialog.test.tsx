import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { WatchlistNameDialog } from '@/components/watchlist/create-watchlist-dialog';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';

import { buttonNamed as button, createTestRoot, typeInto } from '../support/render';

const root = createTestRoot();

// The dialog is portalled into document.body, out of the root's container.
const input = () => document.getElementById('watchlist-name') as HTMLInputElement;
const type = (value: string) => typeInto(input(), value);

async function openWith(onConfirm: (name: string) => Promise<boolean | 'name-used'>) {
  await root.render(<WatchlistNameDialog trigger={<button>Open</button>} title="New watchlist" confirmLabel="Create" existingNames={['Mine']} onConfirm={onConfirm} />);
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
