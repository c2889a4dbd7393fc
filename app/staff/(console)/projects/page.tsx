import type { Metadata } from 'next';

import { ProjectLogo } from '@/components/project/project-logo';
import { optionsOf } from '@/components/staff/form-fields';
import { ButtonLink, FilterSearch, FilterSelect, RowLink, StaffListPage, plainOptions } from '@/components/staff/list-page';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { PROJECT_VISIBILITIES, PROJECT_VISIBILITY_LABELS, projectListQuerySchema } from '@/lib/schemas/staff-project';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffProjectOptions, listStaffProjects } from '@/server/staff/projects';

export const metadata: Metadata = { title: 'Projects · Staff console' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every project, hidden ones included: search, filter, open one to edit it, or create a new one. */
export default async function StaffProjectsPage({ searchParams }: Props) {
  const staff = await requireStaffPage('projects.read');
  const query = projectListQuerySchema.parse(await searchParams);
  const [list, options] = await Promise.all([listStaffProjects(query), listStaffProjectOptions()]);
  const filters = { q: query.q, category: query.category, chain: query.chain, visibility: query.visibility };
  return (
    <StaffListPage
      title="Projects"
      description="What the public pages show of each project. Hidden projects answer 404 publicly; nothing is deleted."
      action={staff.permissions.includes('projects.write') ? <ButtonLink href="/staff/projects/new">New project</ButtonLink> : null}
      filterLabel="Find projects"
      path="/staff/projects"
      filters={filters}
      caption="Projects"
      emptyText="No project matches these filters."
      rowKey={(row) => row.id}
      columns={[
        {
          header: 'Project',
          cell: (row) => (
            <span className="flex items-center gap-2">
              <ProjectLogo src={row.logo} name={row.name} size={24} />
              <span>
                <RowLink href={`/staff/projects/${row.id}`}>{row.name}</RowLink> <span className="font-mono text-xs text-muted-foreground">{row.id}</span>
              </span>
            </span>
          ),
        },
        { header: 'Tickers', cell: (row) => row.tokenTickers.join(', ') || '—' },
        { header: 'Category', cell: (row) => row.category ?? '—' },
        { header: 'Chains', cell: (row) => row.chains.join(', ') || '—' },
        {
          header: 'Visibility',
          cell: (row) => (
            <span className="flex flex-wrap gap-1">
              {row.hidden ? <Badge variant="warning">Hidden</Badge> : <Badge variant="success">Shown</Badge>}
              {row.isDemo ? <Badge variant="outline">Demo</Badge> : null}
            </span>
          ),
        },
        { header: 'Updated', className: 'tabular', cell: (row) => formatDate(row.updatedAt) },
      ]}
      list={list}
    >
      <FilterSearch defaultValue={query.q} placeholder="Name, slug or ticker" />
      <FilterSelect name="category" label="Category" anyLabel="All categories" defaultValue={query.category} options={plainOptions(options.categories)} />
      <FilterSelect name="chain" label="Chain" anyLabel="All chains" defaultValue={query.chain} options={plainOptions(options.chains)} />
      <FilterSelect name="visibility" label="Visibility" anyLabel="Shown and hidden" defaultValue={query.visibility} options={optionsOf(PROJECT_VISIBILITIES, PROJECT_VISIBILITY_LABELS)} />
    </StaffListPage>
  );
}
