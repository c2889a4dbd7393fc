import type { ReactNode } from 'react';

import { Header } from '@/components/header/header';
import { getConfig } from '@/server/config';

/** Every page but home: the fixed header above the page. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  const config = getConfig();
  return (
    <>
      <Header announcement={config.announcement} quoteEmbedUrl={config.quoteFormEmbedUrl} />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </>
  );
}
