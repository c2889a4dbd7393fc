'use client';

import { useAction } from 'next-safe-action/hooks';

import { hideProjectAction } from '@/actions/staff/hide-project';
import { showProjectAction } from '@/actions/staff/show-project';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

import { ConfirmStep, NoticeStep } from './step-buttons';
import { useToastAndRefresh } from './use-staff-form';

/**
 * Hides a project from the public site (after a confirmation: its page starts answering 404 at once), or shows a
 * hidden one again. Nothing is deleted either way.
 */
export function ProjectVisibility({ projectId, projectName, hidden }: { projectId: string; projectName: string; hidden: boolean }) {
  const hide = useAction(hideProjectAction, useToastAndRefresh(STAFF_MESSAGES.projectHidden));
  const show = useAction(showProjectAction, useToastAndRefresh(STAFF_MESSAGES.projectShown));

  if (hidden) {
    return (
      <NoticeStep
        hint="This project is hidden: its public page answers 404 and no public list or search shows it."
        label="Show project"
        pending={show.isPending}
        error={show.result.serverError}
        onClick={() => show.execute({ id: projectId })}
      />
    );
  }
  return (
    <div className="grid gap-2">
      <ConfirmStep
        size="default"
        label="Hide project"
        title={`Hide ${projectName}?`}
        description="Its public page will answer 404 and it leaves every list, the search box, watchlists and the sitemap at once. Nothing is deleted: Show project brings it back as it was."
        confirm="Hide project"
        pending={hide.isPending}
        error={hide.result.serverError ?? null}
        onConfirm={async () => Boolean((await hide.executeAsync({ id: projectId }))?.data)}
      />
    </div>
  );
}
