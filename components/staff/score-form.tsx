'use client';

import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';

import { updateScoreAction } from '@/actions/staff/update-score';
import { FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { GradeBadge } from '@/components/project/grade-badge';
import { FieldError, SavedStatus } from '@/components/staff/form-fields';
import { useStaffForm } from '@/components/staff/use-staff-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { scoreFormSchema, scoreFormValues, signalSchema, type ScoreFormValues } from '@/lib/schemas/staff-score';
import { formatScore, gradeFor, PILLARS, scoreOfEntries, type SignalEntries } from '@/lib/score';
import { ADMIN_POWERS_SIGNAL_TEXT, type SignalReading } from '@/lib/skynet/admin-powers-signals';

/** What the form would save, read from the typed values: a signal that is not a valid 0–100 yet counts as not assessed. */
function previewEntries(values: ScoreFormValues['signals'] | undefined): SignalEntries {
  return Object.fromEntries(
    PILLARS.map((pillar) => [
      pillar.key,
      Object.fromEntries(
        pillar.signals.map((signal) => {
          const parsed = signalSchema.safeParse(values?.[pillar.key]?.[signal.key] ?? '');
          return [signal.key, parsed.success ? parsed.data : null];
        }),
      ),
    ]),
  );
}

/**
 * A project's signals per pillar (each 0–100, empty when not assessed), the score they give recomputed as the analyst
 * types, and the required "what changed" note. Signals Skynet reads from the chain (admin powers) show that reading.
 */
export function ScoreForm({ projectId, entries, readings = {} }: { projectId: string; entries: SignalEntries; readings?: Partial<Record<string, SignalReading>> }) {
  const router = useRouter();
  const ids = useId();
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const action = useMemo(() => updateScoreAction.bind(null, projectId), [projectId]);
  const { form, submit, action: state } = useStaffForm(action, scoreFormSchema, {
    formProps: { defaultValues: scoreFormValues(entries) },
    actionProps: {
      onExecute() {
        setSavedMessage(null);
      },
      onSuccess({ data }) {
        const message = data ? `${STAFF_MESSAGES.scoreSaved} ${formatScore(data.score)} (${data.grade}).` : STAFF_MESSAGES.scoreSaved;
        setSavedMessage(message);
        toast.success(message);
        form.reset({ ...form.getValues(), note: '' });
        router.refresh();
      },
    },
  });
  const typed = form.watch('signals');
  const preview = scoreOfEntries(previewEntries(typed));
  const previewGrade = gradeFor(preview.score);
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border bg-background/95 p-4 backdrop-blur">
        <p role="status" aria-live="polite" className="text-sm">
          Score with these signals: <span className="tabular text-lg font-semibold">{formatScore(preview.score)}</span>
        </p>
        <GradeBadge grade={previewGrade.grade} tone={previewGrade.tone} />
        <p className="text-xs text-muted-foreground">A signal left empty is not assessed and counts as 0.</p>
      </div>
      {PILLARS.map((pillar) => (
        <fieldset key={pillar.key} className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 font-semibold">
            {pillar.label} <span className="font-normal text-muted-foreground">· weight {Math.round(pillar.weight * 100)}% · pillar </span>
            <span className="tabular font-normal">{preview.pillars[pillar.key].score.toFixed(1)}</span>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {pillar.signals.map((signal) => {
              const id = `${ids}-${pillar.key}-${signal.key}`;
              const error = errors.signals?.[pillar.key]?.[signal.key]?.message;
              const reading = readings[signal.key];
              const describedBy = [error ? `${id}-error` : '', reading ? `${id}-reading` : ''].filter(Boolean).join(' ');
              return (
                <div key={signal.key} className="grid gap-1.5">
                  <Label htmlFor={id}>{signal.label}</Label>
                  <Input
                    id={id}
                    inputMode="numeric"
                    placeholder="Not assessed"
                    className="tabular w-32"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy || undefined}
                    {...form.register(`signals.${pillar.key}.${signal.key}`)}
                  />
                  {reading ? (
                    <p id={`${id}-reading`} className="text-xs text-muted-foreground">
                      {ADMIN_POWERS_SIGNAL_TEXT.reading} <span className="tabular font-medium">{reading.value}</span>: {reading.reason}
                    </p>
                  ) : null}
                  <FieldError id={`${id}-error`} message={error} />
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-note`}>What changed</Label>
        <Textarea
          id={`${ids}-note`}
          rows={3}
          aria-describedby={`${ids}-note-help${errors.note ? ` ${ids}-note-error` : ''}`}
          aria-invalid={errors.note ? true : undefined}
          {...form.register('note')}
        />
        <p id={`${ids}-note-help`} className="text-xs text-muted-foreground">
          Shown on the project page beside the score&apos;s history.
        </p>
        <FieldError id={`${ids}-note-error`} message={errors.note?.message} />
      </div>
      <FormAlert message={state.result.serverError ?? null} />
      <SavedStatus message={savedMessage} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save score'}
        </Button>
      </div>
    </form>
  );
}
