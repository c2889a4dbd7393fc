import Link from 'next/link';

import { ProjectLogo } from '@/components/project/project-logo';
import { formatRank } from '@/lib/utils';
import { listTopProjects } from '@/server/projects';

/** The best-ranked projects, each linking to its page. */
export async function TopProjects() {
  const projects = await listTopProjects(10);
  return (
    <ol className="divide-y rounded-xl border bg-card">
      {projects.map((project) => (
        <li key={project.id}>
          <Link href={`/projects/${project.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted focus-visible:outline-none">
            <span className="tabular w-12 text-sm text-muted-foreground">{formatRank(project.rank)}</span>
            <ProjectLogo src={project.logo} name={project.name} />
            <span className="flex-1 font-medium">{project.name}</span>
            <span className="text-sm text-muted-foreground">{project.tokenTickers[0]}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
