// The guided tour (SPEC §5).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

export const TOUR_MESSAGES = {
  skipQuestion: 'Do you want to skip?',
  skipYes: 'Yes, skip',
  skipNo: 'No, maybe later',
  targetNotMounted: 'Target not mounted',
  targetNotVisible: 'Target not visible',
} as const;
