import type { Metadata } from 'next';

import { PageBanner } from '@/components/chrome/page-banner';
import { WatchlistsProvider } from '@/components/watchlist/watchlists-provider';
import { WatchlistsView } from '@/components/watchlist/watchlists-view';
import { requireUser } from '@/server/session';
import { describeProjects, listWatchlists } from '@/server/watchlists';

export const metadata: Metadata = { title: 'Watchlists', description: 'The projects you follow, in lists you name.' };

export default async function WatchlistsPage() {
  const user = await requireUser('/my/watchlists');
  const lists = await listWatchlists(user.id);
  const projects = await describeProjects([...new Set(lists.flatMap((list) => list.projects))]);
  return (
    <>
      <PageBanner title="Watchlists">
        <p>Follow the projects you care about: their score, rank and latest alert in one place.</p>
      </PageBanner>
      <div className="mx-auto w-full max-w-6xl px-4 py-10">
        <WatchlistsProvider initialLists={lists}>
          <WatchlistsView details={Object.fromEntries(projects.map((project) => [project.id, project]))} />
        </WatchlistsProvider>
      </div>
    </>
  );
}
