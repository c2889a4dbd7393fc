// No 'use client': imported only by survey-flow.tsx, client code already.

import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide';
import { useRouter } from 'next/navigation';
import { useReducer, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { Icon } from '@/components/ui/icon';
import { ProjectSearch } from '@/components/search/project-search';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useWatchlists } from '@/components/watchlist/use-watchlists';
import { useHasWatchlists, useRefreshWatchlists } from '@/components/watchlist/watchlists-provider';
import {
  SURVEY_EXPERTISE_TYPES,
  SURVEY_INSTITUTION_TYPES,
  SURVEY_USER_TYPES,
  TEMP_WATCHLIST_ID,
  WATCHLIST_NAME_MAX_LENGTH,
} from '@/lib/constants';
import { http } from '@/lib/http';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import { surveyWatchlistNameSchema } from '@/lib/schemas/survey';
import {
  canProceed,
  currentStep,
  initialSurveyState,
  stepsOf,
  SURVEY_TEXTS,
  surveyProgress,
  surveyReducer,
  toSurveyAnswers,
  type SurveyMode,
  type SurveyState,
  type SurveyStep,
} from '@/lib/survey';
import { TOUR_START_HREF } from '@/lib/tour-link';
import { cn } from '@/lib/utils';

const CHOICES: Partial<Record<SurveyStep, { field: 'userType' | 'institutionType' | 'expertiseType'; options: readonly string[] }>> = {
  userType: { field: 'userType', options: SURVEY_USER_TYPES },
  institutionType: { field: 'institutionType', options: SURVEY_INSTITUTION_TYPES },
  expertise: { field: 'expertiseType', options: SURVEY_EXPERTISE_TYPES },
};

const NAME_FORM_ID = 'survey-watchlist-name-form';

const TITLES: Record<SurveyStep, string> = {
  intro: SURVEY_TEXTS.introTitle,
  userType: SURVEY_TEXTS.userTypeTitle,
  institutionType: SURVEY_TEXTS.institutionTypeTitle,
  expertise: SURVEY_TEXTS.expertiseTitle,
  projects: SURVEY_TEXTS.projectsTitle,
  watchlistName: SURVEY_TEXTS.watchlistNameTitle,
  thankYou: SURVEY_TEXTS.thankYouTitle,
};

type StepsProps = { mode: SurveyMode; startIndex: number; onClose: () => void };

/** Whether the user already keeps a watchlist decides the steps (the lists load while the skeleton shows). */
export function SurveyForUser(props: StepsProps) {
  if (!useHasWatchlists()) return <SurveySteps {...props} hasWatchlist={false} />;
  return <SurveyStepsWithLists {...props} />;
}

function SurveyStepsWithLists(props: StepsProps) {
  const { lists } = useWatchlists();
  return <SurveySteps {...props} hasWatchlist={lists.some((list) => list.id !== TEMP_WATCHLIST_ID)} />;
}

async function upload(state: SurveyState) {
  try {
    await http.post('/api/user/survey/upload', toSurveyAnswers(state), { retries: 0 });
  } catch (error) {
    // SPEC §8: an upload failure is only logged.
    console.error('Survey upload failed', error);
  }
}

function SurveySteps({ mode, hasWatchlist, startIndex, onClose }: StepsProps & { hasWatchlist: boolean }) {
  const router = useRouter();
  const refreshWatchlists = useRefreshWatchlists();
  const [state, dispatch] = useReducer(surveyReducer, initialSurveyState(hasWatchlist, startIndex));
  const [saving, setSaving] = useState(false);
  // The name step's form lives as long as the survey, so Back and Next keep what was typed.
  const nameForm = useForm({ resolver: zodResolver(surveyWatchlistNameSchema), defaultValues: { watchlistName: '' }, reValidateMode: 'onSubmit' });
  const typedName = useWatch({ control: nameForm.control, name: 'watchlistName' });
  const nameError = nameForm.formState.errors.watchlistName?.message;
  const submitName = nameForm.handleSubmit(({ watchlistName }) => {
    dispatch({ type: 'answer', patch: { watchlistName } });
    dispatch({ type: 'next' });
  });
  const steps = stepsOf(state);
  const step = currentStep(state);
  const { draft } = state;
  const choice = CHOICES[step];
  const ready = step === 'watchlistName' ? typedName.trim().length > 0 : canProceed(step, draft);

  const finish = async (startTour: boolean) => {
    if (saving) return;
    setSaving(true);
    await upload(state);
    // The answers may have created a watchlist: the stars read the lists again.
    if (!hasWatchlist) refreshWatchlists();
    onClose();
    if (startTour) router.push(TOUR_START_HREF);
  };

  let body: ReactNode = null;
  if (step === 'intro') {
    body = <p className="text-sm leading-relaxed text-muted-foreground">{mode === 'first' ? SURVEY_TEXTS.introFirstLogin : SURVEY_TEXTS.introReminder}</p>;
  } else if (choice) {
    const selected = draft[choice.field];
    body = (
      <div role="radiogroup" aria-label={TITLES[step]} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {choice.options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={selected === option}
            onClick={() => dispatch({ type: 'answer', patch: { [choice.field]: option } })}
            className={cn(
              'rounded-lg border-2 px-4 py-4 text-left text-sm font-medium transition-colors hover:border-primary/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              selected === option ? 'border-primary bg-primary/5' : 'border-border',
            )}
          >
            {option}
          </button>
        ))}
      </div>
    );
  } else if (step === 'projects') {
    body = (
      <div className="grid min-h-[22rem] content-start gap-3">
        <p className="text-sm text-muted-foreground">{SURVEY_TEXTS.projectsHint}</p>
        <ProjectSearch
          context="form-picker"
          openOnFocus={false}
          onSelect={(project) => {
            if (draft.projects.some((chosen) => chosen.id === project.id)) return;
            dispatch({ type: 'answer', patch: { projects: [...draft.projects, { id: project.id, name: project.name }] } });
          }}
        />
        <ul aria-label="Chosen projects" className="flex flex-wrap gap-2">
          {draft.projects.map((project) => (
            <li key={project.id} className="inline-flex items-center gap-1 rounded-full border bg-muted/50 py-1 pr-1 pl-3 text-sm">
              {project.name}
              <button
                type="button"
                aria-label={`Remove ${project.name}`}
                onClick={() => dispatch({ type: 'answer', patch: { projects: draft.projects.filter((chosen) => chosen.id !== project.id) } })}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <Icon node={X} className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (step === 'watchlistName') {
    body = (
      <form id={NAME_FORM_ID} noValidate onSubmit={(event) => void submitName(event)} className="grid gap-2">
        <label htmlFor="survey-watchlist-name" className="text-sm font-medium">
          Watchlist name
        </label>
        <Input
          id="survey-watchlist-name"
          {...nameForm.register('watchlistName', { onChange: () => nameForm.clearErrors('watchlistName') })}
          maxLength={WATCHLIST_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby="survey-watchlist-name-hint"
        />
        {nameError ? (
          <p role="alert" className="text-sm text-destructive">
            {nameError}
          </p>
        ) : null}
        <p id="survey-watchlist-name-hint" className="text-xs text-muted-foreground">
          {WATCHLIST_MESSAGES.nameTooLong}
        </p>
      </form>
    );
  } else if (step === 'thankYou') {
    body = <p className="text-sm leading-relaxed text-muted-foreground">{SURVEY_TEXTS.thankYouText}</p>;
  }

  const isQuestion = step !== 'intro' && step !== 'thankYou';
  const progress = surveyProgress(state.index, steps.length);

  return (
    <div className="grid gap-5 p-6">
      {isQuestion ? (
        <div
          role="progressbar"
          aria-label="Survey progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="mr-8 h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress * 100}%` }} />
        </div>
      ) : null}
      <div className="grid gap-2 pr-8">
        <DialogTitle className="text-xl">{TITLES[step]}</DialogTitle>
        <DialogDescription className="sr-only">Personalisation survey, step {state.index + 1} of {steps.length}</DialogDescription>
      </div>
      {body}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {step === 'intro' ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              {SURVEY_TEXTS.later}
            </Button>
            <Button onClick={() => dispatch({ type: 'next' })}>{SURVEY_TEXTS.letsStart}</Button>
          </>
        ) : null}
        {isQuestion ? (
          <>
            <Button variant="ghost" className="mr-auto" onClick={() => dispatch({ type: 'back' })}>
              {SURVEY_TEXTS.back}
            </Button>
            <Button variant="outline" onClick={() => dispatch({ type: 'skip' })}>
              {SURVEY_TEXTS.skip}
            </Button>
            {step === 'watchlistName' ? (
              <Button type="submit" form={NAME_FORM_ID} disabled={!ready}>
                {SURVEY_TEXTS.next}
              </Button>
            ) : (
              <Button disabled={!ready} onClick={() => dispatch({ type: 'next' })}>
                {SURVEY_TEXTS.next}
              </Button>
            )}
          </>
        ) : null}
        {step === 'thankYou' ? (
          <>
            {mode === 'first' ? (
              <Button variant="outline" disabled={saving} onClick={() => void finish(true)}>
                {SURVEY_TEXTS.startTour}
              </Button>
            ) : null}
            <Button disabled={saving} onClick={() => void finish(false)}>
              {SURVEY_TEXTS.done}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
