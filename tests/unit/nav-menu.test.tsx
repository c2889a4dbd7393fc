import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { NavMenu } from '@/components/header/nav-menu';
import { PRODUCT_LINKS } from '@/lib/navigation';

import { createTestRoot } from '../support/render';

vi.mock('next/link', () => ({ default: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => <a href={href} {...rest}>{children}</a> }));

const root = createTestRoot();
const trigger = () => root.container.querySelector('button')!;

/** Waits until the stand-in has been replaced by Radix's trigger (which carries data-state). */
async function untilLoaded() {
  await vi.waitFor(() => expect(trigger().getAttribute('data-state')).not.toBeNull());
}

// The dropdown's code is a dynamic import; loading it once here keeps each test's wait short.
beforeAll(async () => {
  await import('@/components/header/nav-menu-dropdown');
});

describe('NavMenu (the header menus load their dropdown on first use)', () => {
  it('renders a plain menu button first, with no dropdown code mounted', async () => {
    await root.render(<NavMenu label="Products" links={PRODUCT_LINKS} />);
    expect(trigger().textContent).toBe('Products');
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().getAttribute('data-state')).toBeNull();
  });

  it('focusing the button swaps in the real trigger, which keeps the focus and opens on Enter', async () => {
    await root.render(<NavMenu label="Products" links={PRODUCT_LINKS} />);
    await act(async () => trigger().focus());
    await untilLoaded();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');

    await act(async () => {
      trigger().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await vi.waitFor(() => expect(document.querySelector('[role="menu"]')).not.toBeNull());
    const items = [...document.querySelectorAll('[role="menuitem"]')].map((item) => item.getAttribute('href'));
    expect(items).toEqual(PRODUCT_LINKS.map((link) => link.href));
  });

  it('a click before the code has loaded opens the menu as soon as it has', async () => {
    await root.render(<NavMenu label="Company" links={PRODUCT_LINKS} />);
    await act(async () => trigger().click());
    await untilLoaded();
    await vi.waitFor(() => expect(document.querySelector('[role="menu"]')).not.toBeNull());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
  });
});
