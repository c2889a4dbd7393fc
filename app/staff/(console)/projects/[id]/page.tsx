import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { EntityFacts, StaffEntityHeader, StaffHistory, TextLink } from '@/components/staff/entity-page';
import { ProjectForm } from '@/components/staff/project-form';
import { ProjectVisibility } from '@/components/staff/project-visibility';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffChanges } from '@/server/staff/audit-log';
import { getStaffProject, listStaffProjectOptions, PROJECT_ENTITY } from '@/server/staff/projects';

export const metadata: Metadata = { title: 'Edit project · Staff console' };

type Props = { params: Promise<{ id: string }> };

/** One project: its form, hiding or showing it, and every staff change of it. */
export default async function StaffProjectPage({ params }: Props) {
  const staff = await requireStaffPage('projects.read');
  const project = await getStaffProject((await params).id);
  if (!project) notFound();
  const [options, history] = await Promise.all([listStaffProjectOptions(), listStaffChanges({ entityType: PROJECT_ENTITY, entityId: project.id })]);
  const canWrite = staff.permissions.includes('projects.write');
  const hidden = project.hiddenAt !== null;
  return (
    <div className="grid gap-8">
      <StaffEntityHeader backHref="/staff/projects" backLabel="Projects" title={project.name}>
        <EntityFacts>
          {hidden ? <Badge variant="warning">Hidden since {formatDate(project.hiddenAt!)}</Badge> : <Badge variant="success">Shown publicly</Badge>}
          {project.isDemo ? <Badge variant="outline">Demo data: its rank is generated</Badge> : null}
          <span className="text-muted-foreground">Last change {formatDate(project.updatedAt)}</span>
          {hidden ? null : <TextLink href={`/projects/${project.id}`}>Public page</TextLink>}
          {staff.permissions.includes('scores.write') ? <TextLink href={`/staff/scores/${project.id}`}>Score</TextLink> : null}
        </EntityFacts>
      </StaffEntityHeader>
      {canWrite ? <ProjectVisibility projectId={project.id} projectName={project.name} hidden={hidden} /> : null}
      {canWrite ? (
        <ProjectForm
          mode="edit"
          options={options}
          logoUrl={project.logo}
          values={{
            id: project.id,
            name: project.name,
            tokenTickers: project.tokenTickers.join(', '),
            logo: project.logo ?? '',
            category: project.category ?? '',
            chains: project.chains,
            website: project.website ?? '',
            socials: project.socials.map(({ network, url }) => ({ network, url })),
            description: project.description ?? '',
            contracts: project.contracts.map(({ chain, address }) => ({ chain, address })),
            auditStatus: project.auditStatus,
            kycVerified: project.kycVerified,
          }}
        />
      ) : null}
      <StaffHistory entity="project" entries={history} emptyText="No staff change of this project yet." />
    </div>
  );
}
