/** The console's score form and score list filters, shared by the form, the action and the list page. */
import { z } from '@/lib/zod';

import { STAFF_MESSAGES } from '../messages/staff';
import { PILLARS, type SignalEntries } from '../score';
import { listPageSchema, listSearchSchema } from './staff-audit';

/** A signal as typed: a whole number from 0 to 100, or empty when it was not assessed (null). */
export const signalSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) <= 100), STAFF_MESSAGES.signalInvalid)
  .transform((value) => (value === '' ? null : Number(value)));

/** Exactly the methodology's pillars and signals: a key it does not name is refused, a missing one too. */
const signalsSchema = z.strictObject(
  Object.fromEntries(PILLARS.map((pillar) => [pillar.key, z.strictObject(Object.fromEntries(pillar.signals.map((signal) => [signal.key, signalSchema])))])),
);

export const scoreFormSchema = z.object({
  signals: signalsSchema.transform((signals) => signals as SignalEntries),
  /** What changed and why, shown publicly beside the score's history. */
  note: z.string().trim().min(3, STAFF_MESSAGES.scoreNoteRequired).max(1000, STAFF_MESSAGES.scoreNoteTooLong),
});

export type ScoreFormValues = z.input<typeof scoreFormSchema>;
export type ScoreInput = z.output<typeof scoreFormSchema>;

/** The form's starting values from stored entries: each signal as text, empty where it was not assessed. */
export function scoreFormValues(entries: SignalEntries): ScoreFormValues {
  return {
    signals: Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, entries[pillar.key]?.[signal.key]?.toString() ?? '']))])),
    note: '',
  };
}

export const SCORE_LIST_STATES = ['scored', 'unscored', 'demo'] as const;
export type ScoreListState = (typeof SCORE_LIST_STATES)[number];
export const SCORE_LIST_STATE_LABELS: Record<ScoreListState, string> = { scored: 'Scored by staff', unscored: 'Not yet assessed', demo: 'Demo score' };

export const scoreListQuerySchema = z.object({
  q: listSearchSchema.default(''),
  state: z.enum(SCORE_LIST_STATES).optional().catch(undefined),
  page: listPageSchema.default(1),
});
export type ScoreListQuery = z.output<typeof scoreListQuerySchema>;
