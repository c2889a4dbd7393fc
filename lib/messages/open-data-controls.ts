// The open-data texts that client components show (compare toggles and link, the badge's copy buttons), apart from
// OPEN_DATA_TEXTS so the browser loads these few and not the whole catalogue of the compare and verify pages (#18).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

/** The "Add to compare" toggles and the compare link. */
export const COMPARE_CONTROL_TEXTS = {
  compareTooFew: 'Compare needs at least two projects.',
  compareAdd: (name: string) => `Add ${name} to compare`,
  compareRemove: (name: string) => `Remove ${name} from compare`,
  compareToggle: 'Compare',
  compareFull: 'Compare holds four projects: remove one first.',
  compareLink: (count: number) => `Compare (${count})`,
  compareClear: 'Clear',
} as const;

/** The badge panel's embed snippets on a project page. */
export const BADGE_EMBED_TEXTS = {
  badgeIntro: 'Embed this project’s live grade. The badge links to its verification page, where anyone can check it.',
  badgeMarkdown: 'Markdown',
  badgeHtml: 'HTML',
  badgeCopy: (format: string) => `Copy ${format}`,
  badgeCopied: 'Copied',
} as const;
