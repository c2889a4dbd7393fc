import type { Metadata } from 'next';

import { StaffNewPage } from '@/components/staff/entity-page';
import { ProjectForm } from '@/components/staff/project-form';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffProjectOptions } from '@/server/staff/projects';

export const metadata: Metadata = { title: 'New project · Staff console' };

/** The project form, empty: the new project is public and searchable as soon as it is created. */
export default async function NewStaffProjectPage() {
  await requireStaffPage('projects.write');
  const options = await listStaffProjectOptions();
  return (
    <StaffNewPage
      backHref="/staff/projects"
      backLabel="Projects"
      title="New project"
      note={<>It is public and searchable as soon as it is created. Its score reads &ldquo;Not yet assessed&rdquo; until an analyst scores it.</>}
    >
      <ProjectForm mode="create" options={options} />
    </StaffNewPage>
  );
}
