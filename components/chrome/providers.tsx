'use client';

import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';

import { TooltipProvider } from '@/components/ui/tooltip';

/** Client-side context shared by every page. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider>
      <TooltipProvider delayDuration={200}>{children}</TooltipProvider>
    </JotaiProvider>
  );
}
