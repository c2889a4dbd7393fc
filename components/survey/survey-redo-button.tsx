'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { SurveyFlow } from './survey-entry';

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
