import type { Page } from '@playwright/test';

/**
 * What sticks out past the right edge of the screen, making the page itself scroll sideways (wide tables must scroll
 * inside their own box): the outermost such elements, described by tag, classes and text, or none.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const scrollsInside = (element: Element | null): boolean => {
      for (let parent = element?.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > width + 1 && !scrollsInside(element));
    const outermost = culprits.filter((element) => !culprits.includes(element.parentElement!));
    return outermost.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 60)}"`);
  });
}
