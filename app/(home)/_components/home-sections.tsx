import { ProjectTable } from '@/components/home/project-table';
import { AlertsList } from '@/components/project/alerts-list';
import { FeedLink } from '@/components/project/feed-link';
import { GradeBadge } from '@/components/project/grade-badge';
import { ProjectLogo } from '@/components/project/project-logo';
import { ListLink } from '@/components/ui/list-link';
import { formatDate } from '@/lib/format';
import { formatRank } from '@/lib/utils';
import { listLeaderboardTop } from '@/server/leaderboard';
import { listRecentAlerts, listRecentlyAudited, listUnderAudit } from '@/server/projects';
import { getTrendingProjects } from '@/server/search';

/** The latest security alerts across projects. */
export async function AlertsFeed() {
  return (
    <div className="grid gap-3">
      <AlertsList alerts={await listRecentAlerts(6)} showProject emptyText="No alerts yet." />
      <FeedLink href="/alerts/feed.xml" label="Alerts feed (Atom)" />
    </div>
  );
}

/** The most viewed projects of the week. */
export async function TrendingProjects() {
  const projects = (await getTrendingProjects()).slice(0, 8);
  return (
    <ol className="divide-y rounded-lg border">
      {projects.map((project, index) => (
        <li key={project.id}>
          <ListLink href={`/projects/${project.id}`} className="flex items-center gap-3 px-3 py-2 hover:bg-muted/50">
            <span className="tabular w-5 text-sm text-muted-foreground">{index + 1}</span>
            <ProjectLogo src={project.logo} name={project.name} size={24} />
            <span className="flex-1 font-medium">{project.name}</span>
            <span className="tabular text-xs text-muted-foreground">{formatRank(project.rank)}</span>
          </ListLink>
        </li>
      ))}
    </ol>
  );
}

/** Projects by their latest published audit. */
export async function RecentlyAudited() {
  const projects = await listRecentlyAudited(8);
  return (
    <ol className="divide-y rounded-lg border">
      {projects.map((project) => (
        <li key={project.id}>
          <ListLink href={`/projects/${project.id}`} className="flex items-center gap-3 px-3 py-2 hover:bg-muted/50">
            <ProjectLogo src={project.logo} name={project.name} size={24} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{project.name}</span>
              <span className="block text-xs text-muted-foreground">
                {project.auditor} · {formatDate(project.publishedAt)}
              </span>
            </span>
            <GradeBadge grade={project.grade} tone={project.gradeTone} />
          </ListLink>
        </li>
      ))}
    </ol>
  );
}

/** Projects whose audit is in progress. */
export async function UnderAudit() {
  const projects = await listUnderAudit(12);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {projects.map((project) => (
        <li key={project.id}>
          <ListLink href={`/projects/${project.id}`} className="flex items-center gap-3 rounded-lg border p-3 hover:bg-muted/50">
            <ProjectLogo src={project.logo} name={project.name} size={32} />
            <span className="min-w-0">
              <span className="block truncate font-medium">{project.name}</span>
              <span className="block text-xs text-muted-foreground">{project.tokenTickers[0]} · audit in progress</span>
            </span>
          </ListLink>
        </li>
      ))}
    </ul>
  );
}

/** The top of the default leaderboard (best score first). */
export async function LeaderboardPreview() {
  return <ProjectTable rows={await listLeaderboardTop(10)} caption="Projects with the best security score" />;
}
