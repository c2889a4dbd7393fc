import { AlertsList } from '@/components/project/alerts-list';
import { AuditsList } from '@/components/project/audits-list';
import { DownloadCsvLink } from '@/components/project/download-csv-link';
import { FeedLink } from '@/components/project/feed-link';
import { VoteWidget } from '@/components/project/vote-widget';
import { CodeMatchPanel } from '@/components/skynet/code-match';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { alertCsvHref } from '@/lib/schemas/alert-filters';
import { listCachedProjectAlerts, listCachedProjectAudits } from '@/server/project-page';
import { getSiteYesPercentage, getVoteSummary } from '@/server/votes';

/** The project's audits, streamed in after the shell. */
export async function AuditsPanel({ projectId }: { projectId: string }) {
  const audits = await listCachedProjectAudits(projectId);
  return (
    <div className="grid gap-3">
      <AuditsList audits={audits} />
      <CodeMatchPanel projectId={projectId} />
      {audits.length > 0 ? <DownloadCsvLink href={`/projects/${projectId}/audits.csv`} hint={OPEN_DATA_TEXTS.auditsCsvHint} /> : null}
    </div>
  );
}

/** The project's alert history. */
export async function AlertsPanel({ projectId }: { projectId: string }) {
  return (
    <div className="grid gap-3">
      <AlertsList alerts={await listCachedProjectAlerts(projectId)} emptyText="No security alerts recorded for this project." />
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <FeedLink href={`/projects/${projectId}/feed.xml`} label="This project's alerts feed (Atom)" />
        {/* The incident database's export, filtered to this project: one writer for every alerts CSV. */}
        <DownloadCsvLink href={alertCsvHref({ project: projectId })} hint={OPEN_DATA_TEXTS.alertsCsvHint} />
      </div>
    </div>
  );
}

/** The vote widget with the counts as the page was cached; the visitor's own vote is read in the browser. */
export async function VotePanel({ projectId }: { projectId: string }) {
  const [summary, siteAverage] = await Promise.all([getVoteSummary(projectId), getSiteYesPercentage()]);
  return <VoteWidget projectId={projectId} initial={summary} siteAverage={siteAverage} />;
}
