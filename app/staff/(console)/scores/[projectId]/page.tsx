import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { GradeBadge } from '@/components/project/grade-badge';
import { EntityFacts, StaffEntityHeader, StaffHistory, TextLink } from '@/components/staff/entity-page';
import { ScoreForm } from '@/components/staff/score-form';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { formatScore, METHODOLOGY_VERSION } from '@/lib/score';
import { withSkynetReadings } from '@/lib/skynet/admin-powers-signals';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffChanges } from '@/server/staff/audit-log';
import { readGovernanceSignals } from '@/server/skynet/admin-powers-signals';
import { getStaffScore } from '@/server/staff/scores';

export const metadata: Metadata = { title: 'Edit score · Staff console' };

type Props = { params: Promise<{ projectId: string }> };

/** One project's signals to edit, its current score, and every staff change of its score. */
export default async function StaffScorePage({ params }: Props) {
  await requireStaffPage('scores.write');
  const { projectId } = await params;
  const current = await getStaffScore(projectId);
  if (!current) notFound();
  const [history, readings] = await Promise.all([listStaffChanges({ entityType: 'score', entityId: projectId }), readGovernanceSignals(projectId)]);
  return (
    <div className="grid gap-8">
      <StaffEntityHeader backHref="/staff/scores" backLabel="Scores" title={`Score of ${current.name}`}>
        <EntityFacts>
          {current.score === null ? (
            <span className="text-muted-foreground">Not yet assessed.</span>
          ) : (
            <>
              <span>
                Current score <span className="tabular font-semibold">{formatScore(current.score)}</span>
              </span>
              <GradeBadge grade={current.grade} tone={current.tone} />
              <span className="text-muted-foreground">
                methodology v{current.methodologyVersion}
                {current.updatedAt ? `, updated ${formatDate(current.updatedAt)}` : ''}
              </span>
              {current.isDemo ? <Badge variant="warning">Demo score: saving replaces it with staff data</Badge> : null}
            </>
          )}
          {current.hidden ? <Badge variant="outline">Hidden project</Badge> : null}
          {current.hidden ? null : <TextLink href={`/projects/${current.projectId}`}>Public page</TextLink>}
        </EntityFacts>
        <p className="text-sm text-muted-foreground">Saving recomputes the score by methodology v{METHODOLOGY_VERSION} and adds a point to its public history.</p>
      </StaffEntityHeader>
      <ScoreForm projectId={current.projectId} entries={withSkynetReadings(current.entries, readings)} readings={readings ?? {}} />
      <StaffHistory entity="score" entries={history} emptyText="No staff change of this score yet." />
    </div>
  );
}
