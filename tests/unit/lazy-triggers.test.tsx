import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { authModalAtom } from '@/components/auth/atoms';
import { AuthModalTrigger } from '@/components/auth/auth-modal-trigger';
import { toast } from '@/components/chrome/toast';
import { ToasterTrigger } from '@/components/chrome/root-client';

import { createTestRoot } from '../support/render';

const { sonnerToast } = vi.hoisted(() => ({ sonnerToast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast: sonnerToast }));

// The lazily loaded halves, replaced by markers the test can see; the toaster still says when it listens.
vi.mock('@/components/chrome/toaster', async () => {
  const { useEffect } = await import('react');
  const { toasterMounted } = await import('@/components/chrome/toast');
  return {
    Toaster: () => {
      useEffect(toasterMounted, []);
      return <div data-testid="toaster" />;
    },
  };
});
// The root layout's client module also holds the providers; the watchlists' (and their actions) are not used here.
vi.mock('@/components/watchlist/watchlists-provider', () => ({ WatchlistsProvider: ({ children }: { children: unknown }) => children }));
vi.mock('@/components/auth/auth-modal', () => ({
  AuthModal: ({ state }: { state: string }) => <div data-testid="auth-modal">{state}</div>,
}));

const root = createTestRoot();

const shown = (id: string) => root.container.querySelector(`[data-testid="${id}"]`);
/** Lets the dynamic import resolve and React render what it brought. */
const load = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the toaster trigger', () => {
  it('loads nothing for a page that is only read, then the toast area on the first interaction; a toast then shows', async () => {
    await root.render(<ToasterTrigger />);
    await load();
    expect(shown('toaster')).toBeNull();

    await act(async () => window.dispatchEvent(new Event('pointerdown')));
    await load();
    expect(shown('toaster')).not.toBeNull();

    toast.success('Saved.');
    await vi.waitFor(() => expect(sonnerToast.success).toHaveBeenCalledWith('Saved.'));
  });
});

describe('the auth modal trigger', () => {
  it('renders nothing while the modal is hidden and loads the modal at the step asked for', async () => {
    const store = createStore();
    await root.render(
      <Provider store={store}>
        <AuthModalTrigger />
      </Provider>,
    );
    await load();
    expect(shown('auth-modal')).toBeNull();

    await act(async () => store.set(authModalAtom, 'signup'));
    await load();
    expect(shown('auth-modal')?.textContent).toBe('signup');

    await act(async () => store.set(authModalAtom, 'hidden'));
    expect(shown('auth-modal')).toBeNull();
  });
});
