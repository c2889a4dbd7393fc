'use client';

import { Suspense, useState } from 'react';

import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { SURVEY_LAST_NOTIFICATION_KEY } from '@/lib/constants';
import { SURVEY_TEXTS, type SurveyMode } from '@/lib/survey';

import { SurveyNotification } from './survey-notification';
import { SurveyForUser } from './survey-steps';

/** Remembers when the survey was last put off or finished, for the 7-day reminder. */
const storeNotificationTime = () => {
  try {
    window.localStorage.setItem(SURVEY_LAST_NOTIFICATION_KEY, String(Date.now()));
  } catch {
    // Private windows may refuse storage; the survey then simply asks again.
  }
};

type Props = {
  mode: SurveyMode;
  /** 'notification': a small card first (it does not block the page); 'modal': straight into the survey. */
  startAs: 'notification' | 'modal';
  onClose: () => void;
};

/** The personalisation survey (SPEC §2, §4): its notification and its modal. */
export function SurveyFlow({ mode, startAs, onClose }: Props) {
  const [stage, setStage] = useState(startAs);
  const close = () => {
    storeNotificationTime();
    onClose();
  };

  if (stage === 'notification') {
    return <SurveyNotification mode={mode} onStart={() => setStage('modal')} onLater={close} />;
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        className="gap-0 p-0 sm:max-w-xl"
        // Not dismissable by clicking outside (SPEC §2).
        onInteractOutside={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <Suspense
          fallback={
            <div className="grid gap-4 p-6" aria-busy>
              <DialogTitle className="sr-only">{SURVEY_TEXTS.introTitle}</DialogTitle>
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-24 w-full" />
            </div>
          }
        >
          <SurveyForUser mode={mode} startIndex={startAs === 'notification' ? 1 : 0} onClose={close} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
