import { describe, expect, it } from 'vitest';

import { DEFAULT_WATCHLIST_NAME } from '@/lib/constants';
import { surveyAnswersSchema } from '@/lib/schemas/survey';
import {
  canProceed,
  currentStep,
  initialSurveyState,
  isSurveyUnanswered,
  surveyDueMode,
  surveyProgress,
  surveyReducer,
  surveySteps,
  toSurveyAnswers,
  type SurveyAction,
  type SurveyDraft,
  type SurveyState,
} from '@/lib/survey';

const run = (state: SurveyState, ...actions: SurveyAction[]) => actions.reduce(surveyReducer, state);
const answer = (patch: Partial<SurveyDraft>): SurveyAction => ({ type: 'answer', patch });

describe('the survey trigger', () => {
  const now = 1_800_000_000_000;
  it('shows a first login when no time is stored', () => {
    expect(surveyDueMode(null, now)).toBe('first');
  });
  it('waits 7 days (604800000 ms) after the stored time, then reminds', () => {
    const sevenDays = 7 * 24 * 60 * 60 * 1000;
    expect(surveyDueMode(String(now - 1000), now)).toBeNull();
    expect(surveyDueMode(String(now - sevenDays), now)).toBeNull();
    expect(surveyDueMode(String(now - sevenDays - 1), now)).toBe('reminder');
  });
  it('treats an unreadable stored time as a first login', () => {
    expect(surveyDueMode('yesterday', now)).toBe('first');
  });
  it('counts only an empty object as unanswered', () => {
    expect(isSurveyUnanswered({})).toBe(true);
    expect(isSurveyUnanswered({ userType: 'Institution' })).toBe(false);
    expect(isSurveyUnanswered(null)).toBe(false);
  });
});

describe('the survey steps', () => {
  it('asks an institution for its type and anyone else for their expertise', () => {
    expect(surveySteps('Institution', false)).toEqual(['intro', 'userType', 'institutionType', 'projects', 'watchlistName', 'thankYou']);
    expect(surveySteps('Retail Investor', false)).toEqual(['intro', 'userType', 'expertise', 'projects', 'watchlistName', 'thankYou']);
  });
  it('leaves out the projects and name steps for a user who already has a watchlist', () => {
    expect(surveySteps('Retail Investor', true)).toEqual(['intro', 'userType', 'expertise', 'thankYou']);
  });
  it('keeps Next disabled until a card, a project or a name is given', () => {
    const draft = { projects: [], watchlistName: '  ' };
    expect(['userType', 'institutionType', 'expertise', 'projects', 'watchlistName'].map((step) => canProceed(step as never, draft))).toEqual([false, false, false, false, false]);
    expect(canProceed('projects', { ...draft, projects: [{ id: 'a', name: 'A' }] })).toBe(true);
    expect(canProceed('watchlistName', { ...draft, watchlistName: 'Mine' })).toBe(true);
    const stuck = run(initialSurveyState(false, 1), { type: 'next' });
    expect(currentStep(stuck)).toBe('userType');
  });
  it('goes through the retail path and uploads what was answered', () => {
    const state = run(
      initialSurveyState(false),
      { type: 'next' },
      answer({ userType: 'Retail Investor' }),
      { type: 'next' },
      answer({ expertiseType: 'Expert' }),
      { type: 'next' },
      answer({ projects: [{ id: 'uniswap', name: 'Uniswap' }] }),
      { type: 'next' },
      answer({ watchlistName: ' Blue chips ' }),
      { type: 'next' },
    );
    expect(currentStep(state)).toBe('thankYou');
    expect(toSurveyAnswers(state)).toEqual({ userType: 'Retail Investor', expertiseType: 'Expert', projects: ['uniswap'], watchlistName: 'Blue chips' });
  });
  it('keeps only the answer that goes with the final user type', () => {
    const state = run(initialSurveyState(true, 1), answer({ userType: 'Retail Investor' }), { type: 'next' }, answer({ expertiseType: 'Beginner' }), { type: 'back' }, answer({ userType: 'Institution' }), { type: 'next' });
    expect(currentStep(state)).toBe('institutionType');
    expect(toSurveyAnswers(run(state, answer({ institutionType: 'Exchange' })))).toEqual({ userType: 'Institution', institutionType: 'Exchange' });
  });
  it('skips two steps from the user type and from the projects, one from the others', () => {
    expect(currentStep(run(initialSurveyState(false, 1), { type: 'skip' }))).toBe('projects');
    expect(currentStep(run(initialSurveyState(false, 3), { type: 'skip' }))).toBe('thankYou');
    expect(currentStep(run(initialSurveyState(false, 2), { type: 'skip' }))).toBe('projects');
    expect(currentStep(run(initialSurveyState(false, 4), { type: 'skip' }))).toBe('thankYou');
    expect(currentStep(run(initialSurveyState(true, 1), { type: 'skip' }))).toBe('thankYou');
  });
  it('drops skipped answers, and a skipped name with projects takes the default name', () => {
    const state = run(initialSurveyState(false, 3), answer({ projects: [{ id: 'aave', name: 'Aave' }] }), { type: 'next' }, answer({ watchlistName: 'x' }), { type: 'skip' });
    expect(toSurveyAnswers(state)).toEqual({ projects: ['aave'], watchlistName: DEFAULT_WATCHLIST_NAME });
    const skippedProjects = run(initialSurveyState(false, 3), answer({ projects: [{ id: 'aave', name: 'Aave' }] }), { type: 'skip' });
    expect(toSurveyAnswers(skippedProjects)).toEqual({});
  });
  it('goes back one step', () => {
    expect(currentStep(run(initialSurveyState(false, 3), { type: 'back' }))).toBe('expertise');
    expect(run(initialSurveyState(false), { type: 'back' }).index).toBe(0);
  });
});

describe('the survey progress bar', () => {
  it('is the step number over the total steps minus 2', () => {
    expect(surveyProgress(1, 6)).toBe(1 / 4);
    expect(surveyProgress(3, 6)).toBe(3 / 4);
    expect(surveyProgress(2, 4)).toBe(1);
    expect(surveyProgress(0, 6)).toBe(0);
  });
});

describe('the survey answers schema', () => {
  it('accepts the choices and refuses anything else', () => {
    expect(surveyAnswersSchema.safeParse({ userType: 'Institution', institutionType: 'VC/Hedge fund' }).success).toBe(true);
    expect(surveyAnswersSchema.safeParse({}).success).toBe(true);
    expect(surveyAnswersSchema.safeParse({ userType: 'Whale' }).success).toBe(false);
    expect(surveyAnswersSchema.safeParse({ userType: 'Retail Investor', institutionType: 'Exchange' }).success).toBe(false);
    expect(surveyAnswersSchema.safeParse({ projects: ['aave'], watchlistName: 'x'.repeat(21) }).success).toBe(false);
    expect(surveyAnswersSchema.safeParse({ projects: ['aave'] }).success).toBe(false);
    expect(surveyAnswersSchema.safeParse({ admin: true }).success).toBe(false);
  });
});
