import type { Metadata } from 'next';
import Link from 'next/link';

import { PageBanner } from '@/components/chrome/page-banner';
import { LazyCompareRadarChart } from '@/components/charts/lazy-charts';
import { GradeBadge } from '@/components/project/grade-badge';
import { ProjectLogo } from '@/components/project/project-logo';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { parseCompareIds } from '@/lib/schemas/compare';
import { formatScore, PILLARS } from '@/lib/score';
import { getComparison } from '@/server/compare';

import { ComparisonTables } from './_components/comparison-tables';

export const metadata: Metadata = { title: OPEN_DATA_TEXTS.compareTitle, description: OPEN_DATA_TEXTS.compareDescription };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Problem({ text }: { text: string }) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
      <h2 className="font-semibold">{OPEN_DATA_TEXTS.compareProblemTitle}</h2>
      <p className="mt-1">{text}</p>
      <p className="mt-3 text-sm">
        {OPEN_DATA_TEXTS.compareHowTo}{' '}
        <Link href="/projects" className="font-medium underline">
          Leaderboard
        </Link>
      </p>
    </div>
  );
}

/** /compare?ids=a,b: two to four projects side by side; any bad list is explained on the page, never an error page. */
export default async function ComparePage({ searchParams }: Props) {
  const parsed = parseCompareIds((await searchParams).ids);
  const comparison = parsed.ok ? await getComparison(parsed.ids) : null;
  const problem = !parsed.ok ? parsed.problem : comparison && comparison.missing.length > 0 ? OPEN_DATA_TEXTS.compareUnknown(comparison.missing) : null;
  const compared = comparison?.projects ?? [];
  return (
    <>
      <PageBanner eyebrow="Open data" title={OPEN_DATA_TEXTS.compareTitle}>
        <p>{OPEN_DATA_TEXTS.compareIntro}</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10">
        {problem ? (
          <Problem text={problem} />
        ) : (
          <>
            <ul aria-label="Compared projects" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {compared.map((project) => (
                <li key={project.id} className="flex items-center gap-3 rounded-xl border p-4">
                  <ProjectLogo src={project.logo} name={project.name} size={40} />
                  <div className="min-w-0">
                    <Link href={`/projects/${project.id}`} className="block truncate font-semibold hover:underline">
                      {project.name}
                    </Link>
                    <div className="mt-1 flex items-center gap-2">
                      <GradeBadge grade={project.grade} tone={project.gradeTone} score={project.score} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <section aria-labelledby="pillars-heading" className="grid gap-4 rounded-xl border p-6">
              <h2 id="pillars-heading" className="text-lg font-semibold">
                Pillars
              </h2>
              <LazyCompareRadarChart
                series={compared.map((project) => ({ id: project.id, name: project.name }))}
                rows={PILLARS.map((pillar) => ({
                  pillar: pillar.label,
                  ...Object.fromEntries(compared.map((project) => [project.id, project.pillars?.[pillar.key]?.score ?? null])),
                }))}
              />
              <div className="relative overflow-x-auto">
                <table className="tabular w-full text-sm">
                  <caption className="mb-2 text-left text-muted-foreground">{OPEN_DATA_TEXTS.compareRadarCaption}</caption>
                  <thead className="text-left text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Pillar (weight)
                      </th>
                      {compared.map((project) => (
                        <th key={project.id} scope="col" className="px-3 py-2 font-medium">
                          {project.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {PILLARS.map((pillar) => (
                      <tr key={pillar.key} className="border-t">
                        <th scope="row" className="py-2 pr-3 text-left font-normal">
                          {pillar.label} ({Math.round(pillar.weight * 100)}%)
                        </th>
                        {compared.map((project) => {
                          const value = project.pillars?.[pillar.key]?.score;
                          return (
                            <td key={project.id} className="px-3 py-2">
                              {value === undefined ? OPEN_DATA_TEXTS.notAssessed : formatScore(value)}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <ComparisonTables projects={compared} />
          </>
        )}
      </div>
    </>
  );
}
