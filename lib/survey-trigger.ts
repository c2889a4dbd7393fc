/** When the survey shows (SPEC §4); apart from lib/survey.ts so the check on every page ships nothing else. */

import { SURVEY_REMINDER_INTERVAL_MS } from './constants';

/** How the survey was opened: the intro text and the final buttons differ. */
export type SurveyMode = 'first' | 'reminder';

/**
 * Whether to show the survey now, given the stored last-notification time: never stored → a first login; stored
 * more than 7 days ago → a reminder; otherwise not yet.
 */
export function surveyDueMode(storedTime: string | null, now: number): SurveyMode | null {
  if (storedTime === null) return 'first';
  const last = Number(storedTime);
  if (!Number.isFinite(last)) return 'first';
  return now - last > SURVEY_REMINDER_INTERVAL_MS ? 'reminder' : null;
}

/** An empty object is an unanswered survey. */
export const isSurveyUnanswered = (reply: unknown) => typeof reply === 'object' && reply !== null && Object.keys(reply).length === 0;
