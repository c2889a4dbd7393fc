'use client';


import { loadOnUse } from '@/components/chrome/load-on-use';
import { useLazyDialog } from '@/components/chrome/use-lazy-dialog';
import { Button } from '@/components/ui/button';
import { INCIDENT_TRIGGER_TEXTS } from '@/lib/messages/incident-report-trigger';

const loadDialog = () => import('./report-incident-dialog');
const ReportIncidentDialog = loadOnUse(() => loadDialog().then((module) => module.ReportIncidentDialog), { browserOnly: true });

/** Report Incident: the button is part of the home page; the dialog and its form load when first wanted. */
export function ReportIncidentDialogTrigger() {
  const { open, setOpen, mounted, triggerProps } = useLazyDialog(loadDialog);
  return (
    <>
      <Button variant="destructive" {...triggerProps}>
        {INCIDENT_TRIGGER_TEXTS.open}
      </Button>
      {mounted ? <ReportIncidentDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
