import type { Metadata } from 'next';

import { PageBanner } from '@/components/chrome/page-banner';
import { requireUser } from '@/server/session';

export const metadata: Metadata = { title: 'Watchlists', description: 'The projects you follow, in lists you name.' };

export default async function WatchlistsPage() {
  await requireUser('/my/watchlists');
  return <PageBanner title="Watchlists" />;
}
