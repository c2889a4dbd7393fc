// No state of its own (the tooltip's lives in Radix), so no client boundary here.

import { Frown } from 'lucide';

import { Icon } from '@/components/ui/icon';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

/** What a page shows when it fails to render: a red full-size panel with a sad face; the error text only as a tooltip. */
export function ErrorFallback({ error }: { error: Error }) {
  return (
    <TooltipProvider delayDuration={200}>
      <div role="alert" className="flex min-h-[60vh] w-full flex-1 items-center justify-center bg-red-600 p-8 text-white">
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              aria-label="This part of the page failed to load. Show the error."
              className="rounded-full p-4 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/70"
            >
              <Icon node={Frown} className="size-24" strokeWidth={1.5} />
            </button>
          </TooltipTrigger>
          <TooltipContent>{error.message || 'Unknown error'}</TooltipContent>
        </Tooltip>
      </div>
    </TooltipProvider>
  );
}
