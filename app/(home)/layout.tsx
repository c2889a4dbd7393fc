import type { ReactNode } from 'react';

/** The home layout has no header: its hero carries the account area and the main search. */
export default function HomeLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 flex-col">
      {children}
    </main>
  );
}
