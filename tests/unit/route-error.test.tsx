import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { RouteError } from '@/components/chrome/route-error';
import { SERVER_ERROR_PAGE } from '@/lib/messages/chrome';

import { createTestRoot, settle } from '../support/render';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

const root = createTestRoot();
let logged: ReturnType<typeof vi.spyOn>;

// Both screens load on use; loaded once here, each test's screen arrives within one settle().
beforeAll(async () => {
  await import('@/components/chrome/error-fallback');
  await import('@/components/chrome/server-error-page');
});
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('a failing page', () => {
  it('shows the red panel for a failure in the browser, naming the error only in its tooltip button, and logs it', async () => {
    const error = new Error('chart data missing');
    await root.render(<RouteError error={error} reset={vi.fn()} />);
    await settle(20);
    const panel = root.container.querySelector('[role="alert"]');
    expect(panel).not.toBeNull();
    expect(panel?.querySelector('button')?.getAttribute('aria-label')).toBe('This part of the page failed to load. Show the error.');
    expect(root.container.textContent).not.toContain('chart data missing');
    expect(logged).toHaveBeenCalledWith(error);
  });

  it('shows the 500 page for a failure on the server (it carries a digest), whose Try again resets the page', async () => {
    const reset = vi.fn();
    await root.render(<RouteError error={Object.assign(new Error('hidden'), { digest: '123' })} reset={reset} />);
    await settle(20);
    expect(root.container.querySelector('h1')?.textContent).toBe(SERVER_ERROR_PAGE.heading);
    expect(root.container.textContent).toContain(SERVER_ERROR_PAGE.text);
    const tryAgain = [...root.container.querySelectorAll('button')].find((button) => button.textContent === SERVER_ERROR_PAGE.tryAgain)!;
    await act(async () => tryAgain.click());
    expect(reset).toHaveBeenCalledTimes(1);
    expect(root.container.querySelector('a[href="/"]')?.textContent).toBe(SERVER_ERROR_PAGE.backToHome);
  });
});
