'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useEffect } from 'react';

import { createQuoteRequestAction } from '@/actions/quotes/create-quote-request';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { QUOTE_SERVICES } from '@/lib/constants';
import { CHROME_TEXTS, FEEDBACK_MESSAGES } from '@/lib/messages/chrome';
import { quoteRequestSchema, type QuoteRequestInput } from '@/lib/schemas/quote';

const EMPTY: QuoteRequestInput = { name: '', email: '', company: '', website: '', services: [], message: '' };

function QuoteForm({ onDone }: { onDone: () => void }) {
  const { form, action } = useHookFormAction(createQuoteRequestAction, zodResolver(quoteRequestSchema), {
    // Errors stay until the next submit and focus stays where it is, as before the form library.
    formProps: { defaultValues: EMPTY, reValidateMode: 'onSubmit', shouldFocusError: false },
    actionProps: {
      onSuccess() {
        toast.success(FEEDBACK_MESSAGES.quoteRequested);
        onDone();
      },
      onError({ error }) {
        // Validation errors land on their fields through the adapter; anything else is a toast.
        if (!error.validationErrors) toast.error(error.serverError ?? FEEDBACK_MESSAGES.quoteFailed);
      },
    },
  });
  const { errors, isSubmitting } = form.formState;
  // The schema's output (null for an empty website) is not its input: the action gets the values as typed.
  const submit = form.handleSubmit(() => action.executeAsync(form.getValues()));

  const field = (name: keyof QuoteRequestInput, label: string, input: React.ReactNode) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`quote-${name}`}>{label}</Label>
      {input}
      {errors[name] ? (
        <p id={`quote-${name}-error`} className="text-sm text-destructive">
          {errors[name].message}
        </p>
      ) : null}
    </div>
  );
  const describedBy = (name: keyof QuoteRequestInput) => (errors[name] ? `quote-${name}-error` : undefined);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={isSubmitting}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Name', <Input id="quote-name" {...form.register('name')} autoComplete="name" maxLength={100} aria-invalid={!!errors.name} aria-describedby={describedBy('name')} />)}
        {field('email', 'Work email', <Input id="quote-email" {...form.register('email')} type="email" autoComplete="email" maxLength={254} aria-invalid={!!errors.email} aria-describedby={describedBy('email')} />)}
        {field('company', 'Company or project', <Input id="quote-company" {...form.register('company')} autoComplete="organization" maxLength={120} aria-invalid={!!errors.company} aria-describedby={describedBy('company')} />)}
        {field('website', 'Website (optional)', <Input id="quote-website" {...form.register('website')} type="url" placeholder="https://" maxLength={300} aria-invalid={!!errors.website} aria-describedby={describedBy('website')} />)}
      </div>
      <fieldset className="grid gap-2" aria-describedby={describedBy('services')}>
        <legend className="mb-1 text-sm font-medium">Services wanted</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {QUOTE_SERVICES.map((service) => (
            <label key={service.id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent">
              <input type="checkbox" {...form.register('services')} value={service.id} className="size-4 accent-primary" />
              {service.label}
            </label>
          ))}
        </div>
        {errors.services ? (
          <p id="quote-services-error" className="text-sm text-destructive">
            {errors.services.message}
          </p>
        ) : null}
      </fieldset>
      {field('message', 'Message', <Textarea id="quote-message" {...form.register('message')} rows={4} maxLength={5000} placeholder="What should we look at, and by when?" aria-invalid={!!errors.message} aria-describedby={describedBy('message')} />)}
      <Button type="submit" disabled={isSubmitting} className="justify-self-end">
        {isSubmitting ? 'Sending…' : 'Send request'}
      </Button>
    </form>
  );
}

/** The Request a Quote dialog: our own form, or the marketing provider's embedded form when one is configured. */
export function QuoteDialog({ embedUrl, open, onOpenChange: setOpen }: { embedUrl: string | null; open: boolean; onOpenChange: (open: boolean) => void }) {

  // An embedded marketing form tells its host page about a submit by postMessage; close on it as on our own form.
  useEffect(() => {
    if (!open || !embedUrl) return;
    const origin = new URL(embedUrl).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data = event.data as { type?: string; eventName?: string } | string | null;
      const submitted =
        data === 'form-submitted' || (typeof data === 'object' && data?.type === 'hsFormCallback' && data.eventName === 'onFormSubmitted');
      if (submitted) setOpen(false);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, embedUrl, setOpen]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{CHROME_TEXTS.quoteModalTitle}</DialogTitle>
          <DialogDescription>Tell us about your project and an engineer will reply with scope, timeline and price.</DialogDescription>
        </DialogHeader>
        {embedUrl ? (
          <iframe src={embedUrl} title={CHROME_TEXTS.quoteModalTitle} className="h-[560px] w-full rounded-md border" />
        ) : (
          <QuoteForm onDone={() => setOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
