'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { X } from 'lucide';
import { useState } from 'react';

import { Icon } from '@/components/ui/icon';
import { reportIncidentAction } from '@/actions/projects/report-incident';
import { toast } from '@/components/chrome/toast';
import { ProjectLogo } from '@/components/project/project-logo';
import { ProjectSearch } from '@/components/search/project-search';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { FEEDBACK_MESSAGES } from '@/lib/messages/chrome';
import { INCIDENT_TEXTS } from '@/lib/messages/incident-report';
import { incidentReportSchema, type IncidentReportInput } from '@/lib/schemas/projects';
import type { SearchResult } from '@/lib/search';

const EMPTY: IncidentReportInput = { projectId: '', description: '', links: [], contact: '' };

/** The links box holds one link per line (or per space); the form and the action see the list. */
const toLinks = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : text);

function IncidentForm({ onDone }: { onDone: () => void }) {
  const [project, setProject] = useState<SearchResult | null>(null);
  const { form, action } = useHookFormAction(reportIncidentAction, zodResolver(incidentReportSchema), {
    // Errors stay until the next submit and focus stays where it is, as before the form library.
    formProps: { defaultValues: EMPTY, reValidateMode: 'onSubmit', shouldFocusError: false },
    actionProps: {
      onSuccess() {
        toast.success(FEEDBACK_MESSAGES.incidentReported);
        onDone();
      },
      onError({ error }) {
        if (!error.validationErrors) toast.error(error.serverError ?? FEEDBACK_MESSAGES.incidentFailed);
      },
    },
  });
  const { errors, isSubmitting } = form.formState;
  // The schema's output (null for an empty contact) is not its input: the action gets the values as entered.
  const submit = form.handleSubmit(() => action.executeAsync(form.getValues()));
  // A bad link is reported at its place in the list (links.2); the list itself carries "at most 5".
  const linksError = errors.links?.message ?? (Array.isArray(errors.links) ? errors.links.find((error) => error?.message)?.message : undefined);

  const choose = (chosen: SearchResult | null) => {
    setProject(chosen);
    form.setValue('projectId', chosen?.id ?? '');
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={isSubmitting}>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" id="incident-project-label">
          {INCIDENT_TEXTS.project}
        </span>
        {project ? (
          <div className="flex items-center gap-2 rounded-md border px-3 py-2">
            <ProjectLogo src={project.logo} name={project.name} size={24} />
            <span className="flex-1 font-medium">{project.name}</span>
            <Button type="button" variant="ghost" size="icon" aria-label={INCIDENT_TEXTS.chooseAnotherProject} onClick={() => choose(null)}>
              <Icon node={X} />
            </Button>
          </div>
        ) : (
          <ProjectSearch context="form-picker" onSelect={choose} openOnFocus={false} />
        )}
        {/* The schema speaks of ids; the visitor is asked for a project. */}
        {errors.projectId ? <p className="text-sm text-destructive">{INCIDENT_TEXTS.projectRequired}</p> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="incident-description">{INCIDENT_TEXTS.whatHappened}</Label>
        <Textarea id="incident-description" {...form.register('description')} rows={4} maxLength={5000} aria-invalid={!!errors.description} />
        {errors.description ? <p className="text-sm text-destructive">{errors.description.message}</p> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="incident-links">{INCIDENT_TEXTS.links}</Label>
        <Textarea id="incident-links" {...form.register('links', { setValueAs: toLinks })} rows={2} placeholder="https://" aria-invalid={!!linksError} />
        {linksError ? <p className="text-sm text-destructive">{linksError}</p> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="incident-contact">{INCIDENT_TEXTS.contact}</Label>
        <Input id="incident-contact" {...form.register('contact')} maxLength={254} aria-invalid={!!errors.contact} />
        {errors.contact ? <p className="text-sm text-destructive">{errors.contact.message}</p> : null}
      </div>
      <Button type="submit" disabled={isSubmitting} className="justify-self-end">
        {isSubmitting ? INCIDENT_TEXTS.sending : INCIDENT_TEXTS.send}
      </Button>
    </form>
  );
}

/** The Report Incident dialog: a visitor tells our analysts about an exploit, scam or other incident. */
export function ReportIncidentDialog({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{INCIDENT_TEXTS.title}</DialogTitle>
          <DialogDescription>{INCIDENT_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <IncidentForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
