'use client';

import { X } from 'lucide-react';
import { useAction } from 'next-safe-action/hooks';
import { useState, type FormEvent } from 'react';

import { reportIncidentAction } from '@/actions/projects/report-incident';
import { toast } from '@/components/chrome/toast';
import { ProjectLogo } from '@/components/project/project-logo';
import { ProjectSearch } from '@/components/search/project-search';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { FEEDBACK_MESSAGES } from '@/lib/messages';
import { incidentReportSchema } from '@/lib/schemas/projects';
import type { SearchResult } from '@/lib/search';

type Errors = Partial<Record<'projectId' | 'description' | 'links' | 'contact', string>>;

/** The Report Incident dialog: a visitor tells our analysts about an exploit, scam or other incident. */
export function ReportIncidentDialog({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [project, setProject] = useState<SearchResult | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { executeAsync, isPending } = useAction(reportIncidentAction);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const data = new FormData(event.currentTarget);
    const input = {
      projectId: project?.id ?? '',
      description: String(data.get('description') ?? ''),
      links: String(data.get('links') ?? '')
        .split(/\s+/)
        .filter(Boolean),
      contact: String(data.get('contact') ?? ''),
    };
    const parsed = incidentReportSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= key === 'projectId' ? 'Choose the project the incident is about.' : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const result = await executeAsync(input);
    if (result?.data) {
      toast.success(FEEDBACK_MESSAGES.incidentReported);
      setOpen(false);
      setProject(null);
    } else {
      toast.error(result?.serverError ?? 'Your report could not be sent. Please check the form.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Report an incident</DialogTitle>
          <DialogDescription>Seen an exploit, a rug pull or a phishing site? Tell us and our analysts will look into it.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={isPending}>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium" id="incident-project-label">
              Project
            </span>
            {project ? (
              <div className="flex items-center gap-2 rounded-md border px-3 py-2">
                <ProjectLogo src={project.logo} name={project.name} size={24} />
                <span className="flex-1 font-medium">{project.name}</span>
                <Button type="button" variant="ghost" size="icon" aria-label="Choose another project" onClick={() => setProject(null)}>
                  <X aria-hidden />
                </Button>
              </div>
            ) : (
              <ProjectSearch context="survey" onSelect={setProject} openOnFocus={false} />
            )}
            {errors.projectId ? <p className="text-sm text-destructive">{errors.projectId}</p> : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="incident-description">What happened?</Label>
            <Textarea id="incident-description" name="description" rows={4} maxLength={5000} aria-invalid={!!errors.description} />
            {errors.description ? <p className="text-sm text-destructive">{errors.description}</p> : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="incident-links">Links (transactions, posts), one per line</Label>
            <Textarea id="incident-links" name="links" rows={2} placeholder="https://" aria-invalid={!!errors.links} />
            {errors.links ? <p className="text-sm text-destructive">{errors.links}</p> : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="incident-contact">How can we reach you? (optional)</Label>
            <Input id="incident-contact" name="contact" maxLength={254} aria-invalid={!!errors.contact} />
            {errors.contact ? <p className="text-sm text-destructive">{errors.contact}</p> : null}
          </div>
          <Button type="submit" disabled={isPending} className="justify-self-end">
            {isPending ? 'Sending…' : 'Send report'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
