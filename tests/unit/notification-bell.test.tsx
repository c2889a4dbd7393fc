import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { NotificationBell, NotificationBellLink } from '@/components/header/notification-bell';
import { UNREAD_NOTIFICATIONS_PATH, UNREAD_REFRESH_MS } from '@/components/header/use-unread-notifications';
import { unreadNotificationsAtom } from '@/components/notifications/atoms';

import { createTestRoot, settle } from '../support/render';

const { countMock, session } = vi.hoisted(() => ({
  countMock: vi.fn(),
  session: { status: 'unauthenticated' as 'authenticated' | 'unauthenticated' | 'loading' },
}));

vi.mock('@/lib/http', () => ({ http: { get: countMock } }));
// The real schemas, handed over at once: the app loads them on first use, which in a test takes more rounds than settle().
vi.mock('@/lib/schemas/load-answers', async () => {
  const schemas = await import('@/lib/schemas/answers');
  return { loadAnswerSchemas: async () => schemas };
});
vi.mock('@/components/auth/session', () => ({ useSession: () => ({ data: session.status === 'authenticated' ? { user: { email: 'a@example.com' } } : null, status: session.status }) }));

const root = createTestRoot();
let store: ReturnType<typeof createStore>;

const bell = () => root.container.querySelector<HTMLAnchorElement>('a[href="/my/notifications"]');
const badge = () => bell()?.querySelector('span')?.textContent ?? null;
const renderBell = () =>
  root.render(
    <Provider store={store}>
      <NotificationBell />
    </Provider>,
  );

beforeEach(() => {
  vi.clearAllMocks();
  store = createStore();
  session.status = 'unauthenticated';
});
afterEach(() => vi.useRealTimers());

describe('the bell link', () => {
  it('is named Notifications and shows no badge when nothing is unread', async () => {
    await root.render(<NotificationBellLink unread={0} />);
    expect(bell()?.getAttribute('aria-label')).toBe('Notifications');
    expect(badge()).toBeNull();
  });

  it('names the exact unread count and shows it as a badge, capped at 99+', async () => {
    await root.render(<NotificationBellLink unread={3} />);
    expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    expect(badge()).toBe('3');

    await root.render(<NotificationBellLink unread={150} />);
    expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 150 unread');
    expect(badge()).toBe('99+');
  });
});

describe('the bell in the header', () => {
  it('is absent for an anonymous visitor, who is never asked for a count', async () => {
    await renderBell();
    expect(bell()).toBeNull();
    session.status = 'loading';
    await renderBell();
    expect(bell()).toBeNull();
    expect(countMock).not.toHaveBeenCalled();
  });

  it('reads the count on mount for a signed-in user', async () => {
    session.status = 'authenticated';
    countMock.mockResolvedValue({ unread: 4 });
    await renderBell();
    await settle();
    expect(countMock).toHaveBeenCalledTimes(1);
    expect(countMock).toHaveBeenCalledWith(UNREAD_NOTIFICATIONS_PATH, undefined);
    expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 4 unread');
  });

  it('reads it again on window focus and every 30 s, keeping the last count when a read fails', async () => {
    vi.useFakeTimers();
    session.status = 'authenticated';
    countMock.mockResolvedValueOnce({ unread: 1 });
    await renderBell();
    await settle();
    expect(badge()).toBe('1');

    countMock.mockResolvedValueOnce({ unread: 2 });
    await act(async () => window.dispatchEvent(new Event('focus')));
    await settle();
    expect(badge()).toBe('2');

    countMock.mockResolvedValueOnce({ unread: 7 });
    await act(async () => vi.advanceTimersByTime(UNREAD_REFRESH_MS));
    await settle();
    expect(countMock).toHaveBeenCalledTimes(3);
    expect(badge()).toBe('7');

    countMock.mockRejectedValueOnce(new Error('offline'));
    await act(async () => vi.advanceTimersByTime(UNREAD_REFRESH_MS));
    await settle();
    expect(badge()).toBe('7');

    // An answer of the wrong shape is a failed read too.
    countMock.mockResolvedValueOnce({ unread: -1 });
    await act(async () => vi.advanceTimersByTime(UNREAD_REFRESH_MS));
    await settle();
    expect(badge()).toBe('7');
  });

  it('shows what /my/notifications sets after marking read', async () => {
    session.status = 'authenticated';
    countMock.mockResolvedValue({ unread: 5 });
    await renderBell();
    await settle();
    await act(async () => store.set(unreadNotificationsAtom, 0));
    expect(bell()?.getAttribute('aria-label')).toBe('Notifications');
  });
});
