import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

import type { SessionUser } from '@/server/session';

/*
 * The e2e server runs with the portfolio flag on, so the flag-off case is checked here: the real page and the real
 * flags module, with FEATURE_FLAGS leaving portfolio off and no PostHog key. Only the session is supplied.
 */
const state = vi.hoisted(() => {
  process.env.FEATURE_FLAGS = 'extendedUserSetting';
  delete process.env.NEXT_PUBLIC_POSTHOG_KEY;
  return { user: null as SessionUser | null };
});
vi.mock('@/server/session', () => ({
  getSessionUser: async () => state.user,
  requireUser: async () => state.user,
}));

describe('the portfolio page with the portfolio flag off', () => {
  it('is not found (404), even for a signed-in user', async () => {
    const { getDb } = await import('@/server/db/client');
    const { users } = await import('@/server/db/schema');
    const db = await getDb();
    const [user] = await db
      .insert(users)
      .values({ email: `flag-${randomBytes(4).toString('hex')}@example.com`, username: `flag-${randomBytes(4).toString('hex')}`, passwordHash: 'x', confirmedAt: new Date() })
      .returning({ id: users.id, email: users.email, username: users.username });
    state.user = user;
    const { isFlagOn } = await import('@/server/flags');
    expect(await isFlagOn(user.id, 'portfolio')).toBe(false);
    const { default: PortfolioPage } = await import('@/app/(site)/my/portfolio/page');
    const error = await PortfolioPage().then(
      () => null,
      (thrown: unknown) => thrown as { digest?: string },
    );
    // next/navigation's notFound() throws an error whose digest carries the 404.
    expect(error?.digest).toMatch(/404/);
  });
});
