import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useSignOut } from '@/components/auth/use-sign-out';

import { buttonNamed, createTestRoot, settle } from '../support/render';

// The toasts are SPEC §8's texts, written out so a drift in the catalogue fails here.

const { signOutMock, pushMock, refreshMock, toastMock, page } = vi.hoisted(() => ({
  signOutMock: vi.fn(),
  pushMock: vi.fn(),
  refreshMock: vi.fn(),
  toastMock: { success: vi.fn(), error: vi.fn() },
  page: { pathname: '/' },
}));
vi.mock('next-auth/react', () => ({ signOut: signOutMock }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: pushMock, refresh: refreshMock }), usePathname: () => page.pathname }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));

function SignOutButton() {
  const signOut = useSignOut();
  return <button onClick={() => void signOut()}>Sign out</button>;
}

const root = createTestRoot();

async function signOutOn(pathname: string) {
  page.pathname = pathname;
  await root.render(<SignOutButton />);
  await act(async () => buttonNamed('Sign out').click());
  await settle();
}

beforeEach(() => {
  vi.clearAllMocks();
  signOutMock.mockResolvedValue(undefined);
});

describe('signing out from the account menu', () => {
  it('stays on a public page, refreshed, and says so', async () => {
    await signOutOn('/projects/bitcoin');
    expect(signOutMock).toHaveBeenCalledWith({ redirect: false });
    expect(toastMock.success).toHaveBeenCalledWith('Signed out successfully.');
    expect(pushMock).not.toHaveBeenCalled();
    expect(refreshMock).toHaveBeenCalled();
  });

  it('leaves a private /my page for the home page', async () => {
    await signOutOn('/my/watchlists');
    expect(toastMock.success).toHaveBeenCalledWith('Signed out successfully.');
    expect(pushMock).toHaveBeenCalledWith('/');
  });

  it('says something went wrong when the sign-out request fails, and goes nowhere', async () => {
    signOutMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await signOutOn('/my/settings');
    expect(toastMock.error).toHaveBeenCalledWith('Something went wrong.');
    expect(toastMock.success).not.toHaveBeenCalled();
    expect(pushMock).not.toHaveBeenCalled();
  });
});
