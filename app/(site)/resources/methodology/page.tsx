import type { Metadata } from 'next';

import { PageBanner } from '@/components/chrome/page-banner';
import { GradeBadge } from '@/components/project/grade-badge';
import { formatDate } from '@/lib/format';
import { INCIDENT_SCORE_RULES } from '@/lib/incident-score';
import { GRADE_BANDS, METHODOLOGY_DATE, METHODOLOGY_HISTORY, METHODOLOGY_VERSION, PILLARS } from '@/lib/score';
import { ADMIN_RISK_RULE } from '@/lib/skynet/admin-powers';
import { ADMIN_POWERS_SIGNAL_RULES, ADMIN_POWERS_SIGNAL_TEXT } from '@/lib/skynet/admin-powers-signals';

export const metadata: Metadata = {
  title: 'Security score methodology',
  description: 'How the Sentinel Shield security score is calculated: six pillars, their signals, their weights and the grade bands.',
};

export default function MethodologyPage() {
  return (
    <>
      <PageBanner eyebrow="Resources" title="Security score methodology">
        <p>
          Version {METHODOLOGY_VERSION}, in force since {formatDate(METHODOLOGY_DATE)}. Every input and weight is published here, so anyone can check a score.
        </p>
      </PageBanner>
      <article className="prose-content mx-auto w-full max-w-3xl px-4 py-12">
        <h2>How a score is built</h2>
        <p>
          Each project is measured on six pillars. Every pillar is the plain average of its signals, each scored from 0 to 100. The overall
          score is the weighted sum of the pillars, rounded to two decimals. Community votes and page views are shown beside the score but are
          never an input to it.
        </p>
        <p>
          A signal our analysts have not assessed yet counts as 0 and is shown as &ldquo;Not assessed&rdquo;: a score never credits what nobody
          checked. Every change of a score is kept in the project&apos;s score history with the methodology version it was computed by and what
          changed.
        </p>
        <table>
          <thead>
            <tr>
              <th>Pillar</th>
              <th>Weight</th>
              <th>Signals</th>
            </tr>
          </thead>
          <tbody>
            {PILLARS.map((pillar) => (
              <tr key={pillar.key}>
                <td>
                  <strong>{pillar.label}</strong>
                  <br />
                  {pillar.description}
                </td>
                <td className="tabular">{Math.round(pillar.weight * 100)}%</td>
                <td>
                  <ul>
                    {pillar.signals.map((signal) => (
                      <li key={signal.key}>{signal.label}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>Grades</h2>
        <p>A score earns the highest grade whose minimum it reaches.</p>
        <table>
          <thead>
            <tr>
              <th>Grade</th>
              <th>Minimum score</th>
            </tr>
          </thead>
          <tbody>
            {GRADE_BANDS.map((band) => (
              <tr key={band.grade}>
                <td>
                  <GradeBadge grade={band.grade} tone={band.tone} />
                </td>
                <td className="tabular">{band.min}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 id="admin-powers">{ADMIN_POWERS_SIGNAL_TEXT.methodologyTitle}</h2>
        <p>{ADMIN_POWERS_SIGNAL_TEXT.methodologyIntro}</p>
        <ul>
          {ADMIN_RISK_RULE.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p>{ADMIN_POWERS_SIGNAL_TEXT.methodologySignals}</p>
        {(['privilegedRoles', 'upgradeTimelock'] as const).map((key) => (
          <div key={key}>
            <h3>{PILLARS.find((pillar) => pillar.key === 'governanceStrength')!.signals.find((signal) => signal.key === key)!.label}</h3>
            <ul>
              {ADMIN_POWERS_SIGNAL_RULES[key].map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </div>
        ))}
        <h2 id="incident-history">Incident history</h2>
        <p>Published incidents move the score on the day they are published, by this rule:</p>
        <ul>
          {INCIDENT_SCORE_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p>Each change it makes is a point of the project&apos;s score history whose note names the incident.</p>
        <h2>Version history</h2>
        <ol reversed>
          {METHODOLOGY_HISTORY.map((entry) => (
            <li key={entry.version}>
              <strong>Version {entry.version}</strong>, <time dateTime={entry.date}>{formatDate(entry.date)}</time>: {entry.changes}
            </li>
          ))}
        </ol>
        <h2>Demo data</h2>
        <p>
          On this demo site the projects&apos; names, tickers and logos are real, but their signals, audits and alerts are generated. Every such
          figure is labelled as demo data where it is shown.
        </p>
      </article>
    </>
  );
}
