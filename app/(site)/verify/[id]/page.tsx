import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';

import { PageBanner } from '@/components/chrome/page-banner';
import { GradeBadge } from '@/components/project/grade-badge';
import { formatDate } from '@/lib/format';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { formatScore } from '@/lib/score';
import { getProjectDetail } from '@/server/projects';

// A badge is checked against the grade as it is now: never a cached copy.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await getProjectDetail((await params).id);
  if (!project) return { title: 'Project not found', description: 'There is no project at this address.' };
  return { title: OPEN_DATA_TEXTS.verifyTitle(project.name), description: OPEN_DATA_TEXTS.verifyDescription(project.name), robots: { index: false } };
}

const checkedAt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

/** /verify/{id}: the live grade, big, for anyone who clicked a badge; a forged badge linking here contradicts it. */
export default async function VerifyPage({ params }: Props) {
  const project = await getProjectDetail((await params).id);
  if (!project) notFound();
  const now = new Date();
  return (
    <>
      <PageBanner eyebrow="Badge check" title={OPEN_DATA_TEXTS.verifyTitle(project.name)} />
      <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10">
        <section aria-labelledby="verify-grade" className="rounded-xl border p-8 text-center">
          <h2 id="verify-grade" className="text-lg font-medium text-muted-foreground">
            {OPEN_DATA_TEXTS.verifyHolds(project.name)}
          </h2>
          <p className="tabular mt-4 text-7xl font-bold tracking-tight" data-testid="verified-grade">
            {project.grade ?? OPEN_DATA_TEXTS.notAssessed}
          </p>
          <div className="mt-4 flex justify-center">
            <GradeBadge grade={project.grade} tone={project.gradeTone} size="lg" />
          </div>
          <dl className="mx-auto mt-6 grid max-w-sm grid-cols-2 gap-x-6 gap-y-2 text-left text-sm">
            <dt className="text-muted-foreground">{OPEN_DATA_TEXTS.verifyScore}</dt>
            <dd className="tabular font-semibold">{project.score === null ? OPEN_DATA_TEXTS.notAssessed : `${formatScore(project.score)} / 100`}</dd>
            <dt className="text-muted-foreground">{OPEN_DATA_TEXTS.verifyScoredOn}</dt>
            <dd className="font-semibold">{project.scoreUpdatedAt ? <time dateTime={project.scoreUpdatedAt.toISOString()}>{formatDate(project.scoreUpdatedAt)}</time> : '—'}</dd>
            <dt className="text-muted-foreground">{OPEN_DATA_TEXTS.verifyCheckedAt}</dt>
            <dd className="font-semibold">
              <time dateTime={now.toISOString()}>{checkedAt.format(now)}</time>
            </dd>
          </dl>
        </section>
        <section aria-labelledby="verify-how" className="grid gap-3">
          <h2 id="verify-how" className="text-lg font-semibold">
            {OPEN_DATA_TEXTS.verifyHowTitle}
          </h2>
          <ul className="grid list-disc gap-2 pl-5">
            {OPEN_DATA_TEXTS.verifyHow.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            <Link href={`/projects/${project.id}`} className="font-medium text-primary underline">
              {OPEN_DATA_TEXTS.verifyProjectPage}
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
