import type { Metadata } from 'next';

import { PageBanner } from '@/components/chrome/page-banner';
import { SKYNET_STATUS_TEXTS as TEXT } from '@/lib/messages/skynet-status';
import { readSkynetStatus } from '@/server/skynet/status';

import { ChainStatusCard } from './_components/chain-status-card';

// Served from Next's cache, the same for everyone, and read again at most every 15 s (a literal: Next reads it at
// build time): figures a few seconds old, and one database read per interval however many look.
export const revalidate = 15;

export const metadata: Metadata = { title: TEXT.title, description: TEXT.description };

const clock = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** Skynet's published status (issue #44): per chain, how far behind the head it reads and its block-to-alert p50 and p95. */
export default async function StatusPage() {
  const status = await readSkynetStatus();
  return (
    <>
      <PageBanner eyebrow={TEXT.eyebrow} title={TEXT.title}>
        <p>{TEXT.intro}</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10">
        {status.chains.length === 0 ? (
          <p>{TEXT.noChains}</p>
        ) : (
          status.chains.map((chain) => <ChainStatusCard key={chain.id} chain={chain} />)
        )}
        <p className="max-w-3xl text-sm text-muted-foreground">{TEXT.explanation(status.windowSeconds / 60)}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={status.readAt.toISOString()}>{TEXT.readAt(clock.format(status.readAt))}</time>
        </p>
      </div>
    </>
  );
}
