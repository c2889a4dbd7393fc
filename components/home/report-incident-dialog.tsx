'use client';

import dynamic from 'next/dynamic';

import { useLazyDialog } from '@/components/chrome/use-lazy-dialog';
import { Button } from '@/components/ui/button';

const loadForm = () => import('./report-incident-form');
const ReportIncidentFormDialog = dynamic(() => loadForm().then((module) => module.ReportIncidentFormDialog), { ssr: false });

/** Report Incident: the button is part of the home page; the dialog and its form load when first wanted. */
export function ReportIncidentDialog() {
  const { open, setOpen, mounted, triggerProps } = useLazyDialog(loadForm);
  return (
    <>
      <Button variant="destructive" {...triggerProps}>
        Report Incident
      </Button>
      {mounted ? <ReportIncidentFormDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
