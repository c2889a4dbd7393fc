// The public project pages.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

/** What the public pages say of a project that has no score: staff have not assessed it yet. */
export const PROJECT_TEXTS = {
  notYetAssessed: 'Not yet assessed',
  scoreNotYetAssessed: 'Our analysts have not assessed this project yet.',
} as const;
