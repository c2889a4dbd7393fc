import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { ServerErrorPage } from '@/components/chrome/server-error-page';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

/** The page as the browser first receives it, parsed so the test reads it by role and text. */
function rendered(element: ReactElement): Document {
  return new DOMParser().parseFromString(renderToStaticMarkup(element), 'text/html');
}

describe('the server error page', () => {
  // The texts of SPEC §2, written out so a drift in the catalogue fails here.
  it('apologises with the texts of the spec and leads back to the home page', () => {
    const page = rendered(<ServerErrorPage />);
    expect(page.querySelector('h1')?.textContent).toBe('Oops');
    expect(page.querySelector('h2')?.textContent).toBe('Sorry, something went wrong.');
    expect(page.body.textContent).toContain('Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.');
    const back = [...page.querySelectorAll('a')].find((link) => link.textContent === 'Back to Homepage');
    expect(back?.getAttribute('href')).toBe('/');
  });

  it('offers "Try again" before the way home when the error boundary can retry', () => {
    const page = rendered(<ServerErrorPage onRetry={() => {}} />);
    expect([...page.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Try again']);
    expect([...page.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Back to Homepage']);
    expect(page.body.textContent?.indexOf('Try again')).toBeLessThan(page.body.textContent?.indexOf('Back to Homepage') ?? 0);
  });

  it('lets a page put its own headings and actions in place of the defaults', () => {
    const page = rendered(<ServerErrorPage heading="Maintenance" subheading="Back soon." actions={<button>Retry</button>} />);
    expect(page.querySelector('h1')?.textContent).toBe('Maintenance');
    expect(page.querySelector('h2')?.textContent).toBe('Back soon.');
    expect(page.querySelector('a')).toBeNull();
    expect(page.querySelector('button')?.textContent).toBe('Retry');
  });
});
