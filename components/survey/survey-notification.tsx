// No 'use client': imported only by survey-flow.tsx, client code already.

import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { SURVEY_TEXTS, type SurveyMode } from '@/lib/survey';

/** The survey's invitation: a small card in a corner that leaves the page usable (SPEC §2). */
export function SurveyNotification({ mode, onStart, onLater }: { mode: SurveyMode; onStart: () => void; onLater: () => void }) {
  const titleId = useId();
  return (
    // A notification, not a dialog: it leaves the page usable and does not take focus.
    <section
      aria-labelledby={titleId}
      className="fixed bottom-4 left-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-xl border bg-background p-5 text-foreground shadow-2xl"
    >
      <h2 id={titleId} className="text-base font-semibold">
        {SURVEY_TEXTS.introTitle}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{mode === 'first' ? SURVEY_TEXTS.introFirstLogin : SURVEY_TEXTS.introReminder}</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onLater}>
          {SURVEY_TEXTS.later}
        </Button>
        <Button onClick={onStart}>{SURVEY_TEXTS.letsStart}</Button>
      </div>
    </section>
  );
}
