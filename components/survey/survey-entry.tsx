'use client';

// The way into the personalisation survey after login (Settings' "Get Started" is survey-redo-button.tsx).

import { useSession } from '@/components/auth/session';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

import { loadOnUse } from '@/components/chrome/load-on-use';
import { useFeatureFlag } from '@/components/chrome/public-config';
import { SURVEY_LAST_NOTIFICATION_KEY } from '@/lib/constants';
import { loadHttp } from '@/lib/load-http';
import { isSurveyUnanswered, surveyDueMode, type SurveyMode } from '@/lib/survey-trigger';

// The survey's code is fetched only when it shows: for a signed-in user whose survey is due, or on Settings' Get
// Started (survey-redo-button.tsx, which shares this loader: the gate is on every page anyway).
export const SurveyFlow = loadOnUse(() => import('./survey-flow').then((module) => module.SurveyFlow), { browserOnly: true });

/** The staff console is a work tool, not the site: the personalisation survey waits until they are back on the site. */
const isStaffConsole = (pathname: string | null) => pathname === '/staff' || Boolean(pathname?.startsWith('/staff/'));

/** After login (flag extendedUserSetting): an unanswered survey shows its notification, as SPEC §4 times it. */
export function SurveyGate() {
  const { status } = useSession();
  const enabled = useFeatureFlag('extendedUserSetting');
  const inConsole = isStaffConsole(usePathname());
  const [mode, setMode] = useState<SurveyMode | null>(null);
  const checked = useRef(false);

  useEffect(() => {
    if (status !== 'authenticated') {
      // Signed out: the next login checks again.
      checked.current = false;
      return;
    }
    if (!enabled || inConsole || checked.current) return;
    checked.current = true;
    const due = surveyDueMode(window.localStorage.getItem(SURVEY_LAST_NOTIFICATION_KEY), Date.now());
    if (!due) return;
    loadHttp()
      .then((http) => http.get<unknown>('/api/user/survey', { cache: 'no-store' }))
      .then((reply) => {
        if (reply && isSurveyUnanswered(reply)) setMode(due);
      })
      .catch(() => undefined);
  }, [status, enabled, inConsole]);

  if (!mode || status !== 'authenticated' || inConsole) return null;
  return <SurveyFlow mode={mode} startAs="notification" onClose={() => setMode(null)} />;
}
