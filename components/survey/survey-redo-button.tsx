'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

const SurveyFlow = dynamic(() => import('./survey-flow').then((module) => module.SurveyFlow), { ssr: false });

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
