'use client';

import { useSession } from 'next-auth/react';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';

import { useFeatureFlag } from '@/components/chrome/public-config';
import { SURVEY_LAST_NOTIFICATION_KEY } from '@/lib/constants';
import { http } from '@/lib/http';
import { isSurveyUnanswered, surveyDueMode, type SurveyMode } from '@/lib/survey-trigger';

// The survey's code is fetched only for a signed-in user whose survey is due.
const SurveyFlow = dynamic(() => import('./survey-flow').then((module) => module.SurveyFlow), { ssr: false });

/** After login (flag extendedUserSetting): an unanswered survey shows its notification, as SPEC §4 times it. */
export function SurveyGate() {
  const { status } = useSession();
  const enabled = useFeatureFlag('extendedUserSetting');
  const [mode, setMode] = useState<SurveyMode | null>(null);
  const checked = useRef(false);

  useEffect(() => {
    if (status !== 'authenticated') {
      // Signed out: the next login checks again.
      checked.current = false;
      return;
    }
    if (!enabled || checked.current) return;
    checked.current = true;
    const due = surveyDueMode(window.localStorage.getItem(SURVEY_LAST_NOTIFICATION_KEY), Date.now());
    if (!due) return;
    http
      .get<unknown>('/api/user/survey', { cache: 'no-store' })
      .then((reply) => {
        if (reply && isSurveyUnanswered(reply)) setMode(due);
      })
      .catch(() => undefined);
  }, [status, enabled]);

  if (!mode || status !== 'authenticated') return null;
  return <SurveyFlow mode={mode} startAs="notification" onClose={() => setMode(null)} />;
}
