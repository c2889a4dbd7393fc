// The Report Incident dialog.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

import { INCIDENT_TRIGGER_TEXTS } from './incident-report-trigger';

/** The Report Incident dialog. */
export const INCIDENT_TEXTS = {
  ...INCIDENT_TRIGGER_TEXTS,
  title: 'Report an incident',
  description: 'Seen an exploit, a rug pull or a phishing site? Tell us and our analysts will look into it.',
  project: 'Project',
  chooseAnotherProject: 'Choose another project',
  projectRequired: 'Choose the project the incident is about.',
  whatHappened: 'What happened?',
  links: 'Links (transactions, posts), one per line',
  contact: 'How can we reach you? (optional)',
  send: 'Send report',
  sending: 'Sending…',
} as const;
