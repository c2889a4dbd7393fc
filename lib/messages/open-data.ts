// Open data (issue #19) and the API explorer on /developers.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

import { BADGE_EMBED_TEXTS, COMPARE_CONTROL_TEXTS } from './open-data-controls';

/** Open data (issue #19): the pages' CSV downloads, /compare, the badges and /verify. */
export const OPEN_DATA_TEXTS = {
  downloadCsv: 'Download CSV',
  leaderboardCsvHint: 'every project matching these filters, all pages',
  auditsCsvHint: 'this project’s published audits',
  alertsCsvHint: 'this project’s alerts',
  csvBadFilterTitle: 'Bad filter',
  csvUnknownProject: 'There is no project at this address.',
  compareTitle: 'Compare projects',
  compareDescription: 'Two to four projects side by side: scores and pillars, grades, audits and open findings, recent alerts, privileged roles and votes.',
  compareIntro: 'Scores and pillars side by side. The link holds the projects, so you can share this comparison.',
  compareHowTo: 'Choose two to four projects with “Add to compare” on the leaderboard or a project’s page.',
  compareProblemTitle: 'This comparison cannot be shown',
  ...COMPARE_CONTROL_TEXTS,
  compareTooMany: 'Compare takes at most four projects.',
  compareDuplicates: (ids: string[]) => `Each project may be listed once; repeated: ${ids.join(', ')}.`,
  compareMalformed: (ids: string[]) => `Not a project id: ${ids.map((id) => `“${id.length > 40 ? `${id.slice(0, 37)}…` : id}”`).join(', ')}.`,
  compareUnknown: (ids: string[]) => `No such project: ${ids.join(', ')}.`,
  compareRadarCaption: 'Pillar scores (0–100) of each project',
  compareRows: {
    score: 'Security score',
    grade: 'Grade',
    methodology: 'Methodology version',
    audits: 'Published audits',
    latestAudit: 'Latest audit',
    openFindings: 'Open findings (critical / major / other)',
    alerts90: 'Alerts in the last 90 days',
    privilegedAddresses: 'Privileged addresses (current)',
    privilegedFunctions: 'Privileged functions',
    votes: 'Community votes (yes)',
  },
  notAssessed: 'Not assessed',
  none: 'None',
  badgeTitle: 'Badge',
  ...BADGE_EMBED_TEXTS,
  badgeAlt: (name: string, grade: string) => `${name}: Sentinel Shield security grade ${grade}`,
  badgeNotAssessed: 'not assessed',
  verifyTitle: (name: string) => `Verify ${name}’s security badge`,
  verifyDescription: (name: string) => `The live Sentinel Shield grade and score of ${name}, to check a badge against.`,
  verifyHolds: (name: string) => `${name} holds, right now, the grade`,
  verifyScore: 'Score',
  verifyScoredOn: 'Score last changed',
  verifyCheckedAt: 'Checked',
  verifyHowTitle: 'How to check a badge',
  verifyHow: [
    'A genuine badge shows the same grade as this page. Badges are drawn live from our data, so they change when the score does.',
    'If a badge you clicked shows any other grade, it is a forgery: the page it links to states the grade the project really holds.',
    'A badge that does not link to a page on this site proves nothing. Type our address yourself and look the project up.',
  ],
  verifyProjectPage: 'The project’s full security page',
} as const;

/** The interactive API reference on /developers (Swagger UI, loaded on request). */
export const OPEN_API_EXPLORER_TEXTS = {
  heading: 'Try it',
  intro: 'The same document in an interactive explorer: send real GET requests from this page, without a key.',
  open: 'Open the interactive explorer',
  loading: 'Loading the explorer…',
  failed: 'The explorer could not load. The reference above has every route.',
} as const;
