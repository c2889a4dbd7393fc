'use client';

import { useEffect, useState } from 'react';

import { HEADER_SEARCH_SCROLL_OFFSET } from '@/lib/constants';

/** The element whose height is "the banner" of SPEC §2: a page's hero band marks itself with this attribute. */
export const PAGE_BANNER_ATTRIBUTE = 'data-page-banner';

/** True once the page is scrolled past the banner height minus 70 px (at once on pages without a banner). */
export function useHeaderSearchVisible(): boolean {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => {
      const banner = document.querySelector<HTMLElement>(`[${PAGE_BANNER_ATTRIBUTE}]`);
      const bannerHeight = banner?.offsetHeight ?? 0;
      setVisible(window.scrollY > bannerHeight - HEADER_SEARCH_SCROLL_OFFSET);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return visible;
}
