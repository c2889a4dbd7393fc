import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));

import { CompareLink } from '@/components/compare/compare-link';
import { CompareToggle } from '@/components/compare/compare-toggle';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';

import { createTestRoot } from '../support/render';

const root = createTestRoot();
const PROJECTS = ['aave', 'lido', 'curve', 'maker', 'uniswap'];

afterEach(() => {
  window.localStorage.clear();
  toastMock.error.mockClear();
});

const toggleOf = (id: string) => root.container.querySelector<HTMLButtonElement>(`[data-project="${id}"] button`)!;
const click = (element: HTMLElement) => act(async () => element.click());
const compareLink = () => [...root.container.querySelectorAll('a')].find((anchor) => anchor.textContent?.startsWith('Compare ('));

async function renderBoard() {
  await root.render(
    <>
      <CompareLink />
      {PROJECTS.map((id) => (
        <div key={id} data-project={id}>
          <CompareToggle projectId={id} projectName={`Project ${id}`} />
        </div>
      ))}
    </>,
  );
}

describe('Add to compare', () => {
  it('is a toggle named after its project, and the link appears from two projects on', async () => {
    await renderBoard();
    expect(toggleOf('aave').textContent).toBe(`${OPEN_DATA_TEXTS.compareToggle} Project aave`);
    expect(toggleOf('aave').getAttribute('aria-pressed')).toBe('false');
    expect(root.container.textContent).not.toContain('Compare (');

    await click(toggleOf('aave'));
    expect(toggleOf('aave').getAttribute('aria-pressed')).toBe('true');
    // One project is not a comparison yet: the count shows, not the link.
    expect(root.container.textContent).toContain(OPEN_DATA_TEXTS.compareLink(1));
    expect(compareLink()).toBeUndefined();

    await click(toggleOf('curve'));
    expect(compareLink()?.textContent).toBe(OPEN_DATA_TEXTS.compareLink(2));
    expect(compareLink()?.getAttribute('href')).toBe('/compare?ids=aave,curve');

    await click(toggleOf('aave'));
    expect(toggleOf('aave').getAttribute('aria-pressed')).toBe('false');
    expect(root.container.textContent).toContain(OPEN_DATA_TEXTS.compareLink(1));
  });

  it('has a look for the navy project banner, chosen or not, built from classes that do not compete', async () => {
    // cx() throws on competing classes outside production builds, so rendering both states checks them.
    await root.render(
      <div data-project="aave">
        <CompareToggle projectId="aave" projectName="Project aave" tone="dark" />
      </div>,
    );
    expect(toggleOf('aave').className).toContain('text-white');
    await click(toggleOf('aave'));
    expect(toggleOf('aave').getAttribute('aria-pressed')).toBe('true');
    expect(toggleOf('aave').className).toContain('text-white');
    expect(toggleOf('aave').className).not.toContain('text-primary');
  });

  it('holds four at most: a fifth is refused with a message and changes nothing', async () => {
    await renderBoard();
    for (const id of PROJECTS.slice(0, 4)) await click(toggleOf(id));
    await click(toggleOf('uniswap'));
    expect(toastMock.error).toHaveBeenCalledWith(OPEN_DATA_TEXTS.compareFull);
    expect(toggleOf('uniswap').getAttribute('aria-pressed')).toBe('false');
    expect(compareLink()?.getAttribute('href')).toBe('/compare?ids=aave,lido,curve,maker');
  });

  it('keeps the choice in the browser, for the next page and other tabs', async () => {
    await renderBoard();
    await click(toggleOf('lido'));
    await click(toggleOf('maker'));
    expect(JSON.parse(window.localStorage.getItem('sentinel-shield:compare')!)).toEqual(['lido', 'maker']);
    // Another tab clears it: this one follows.
    await act(async () => {
      window.localStorage.setItem('sentinel-shield:compare', JSON.stringify(['uniswap']));
      window.dispatchEvent(new StorageEvent('storage', { key: 'sentinel-shield:compare' }));
    });
    expect(toggleOf('uniswap').getAttribute('aria-pressed')).toBe('true');
    expect(toggleOf('lido').getAttribute('aria-pressed')).toBe('false');
  });
});
