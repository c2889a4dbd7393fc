import { AlertsList } from '@/components/project/alerts-list';
import { AuditsList } from '@/components/project/audits-list';
import { FeedLink } from '@/components/project/feed-link';
import { VoteWidget } from '@/components/project/vote-widget';
import { listProjectAlerts, listProjectAudits } from '@/server/projects';
import { peekVoterKey } from '@/server/visitor';
import { getSiteYesPercentage, getVoteSummary } from '@/server/votes';

/** The project's audits, streamed in after the shell. */
export async function AuditsPanel({ projectId }: { projectId: string }) {
  return <AuditsList audits={await listProjectAudits(projectId)} />;
}

/** The project's alert history. */
export async function AlertsPanel({ projectId }: { projectId: string }) {
  return (
    <div className="grid gap-3">
      <AlertsList alerts={await listProjectAlerts(projectId)} emptyText="No security alerts recorded for this project." />
      <FeedLink href={`/projects/${projectId}/feed.xml`} label="This project's alerts feed (Atom)" />
    </div>
  );
}

/** The vote widget with this visitor's vote. */
export async function VotePanel({ projectId }: { projectId: string }) {
  const [summary, siteAverage] = await Promise.all([getVoteSummary(projectId, await peekVoterKey()), getSiteYesPercentage()]);
  return <VoteWidget projectId={projectId} initial={summary} siteAverage={siteAverage} />;
}
