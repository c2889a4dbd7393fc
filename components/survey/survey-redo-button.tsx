'use client';

import { useState } from 'react';

import { loadOnUse } from '@/components/chrome/load-on-use';
import { Button } from '@/components/ui/button';

// Apart from the gate (survey-entry.tsx), which is on every page: this button is only on Settings.
const SurveyFlow = loadOnUse(() => import('./survey-flow').then((module) => module.SurveyFlow), { browserOnly: true });

/** Settings → Extended Account Setup → Get Started: the survey again, from its intro. */
export function SurveyRedoButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Get Started</Button>
      {open ? <SurveyFlow mode="reminder" startAs="modal" onClose={() => setOpen(false)} /> : null}
    </>
  );
}
