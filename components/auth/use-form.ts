'use client';

import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';

type Values = Record<string, unknown>;

/**
 * Form state validated by a shared zod schema: the errors of touched fields, whether the whole form is valid
 * (to enable submit), and a `pending` flag that swallows double submits.
 */
export function useForm<S extends z.ZodType<unknown, Values>>(schema: S, initial: z.input<S> & Values) {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const fieldErrors = useMemo(() => {
    const errors: Record<string, string> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? '');
        errors[key] ??= issue.message;
      }
    }
    return errors;
  }, [result]);

  const setValue = useCallback((name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const errorOf = (name: string): string | undefined => serverErrors[name] ?? (touched[name] ? fieldErrors[name] : undefined);

  /** The props that bind a text Field to one value: its text, its error, and the change handler. */
  const field = (name: string) => ({ value: String(values[name] ?? ''), error: errorOf(name), onValueChange: (value: string) => setValue(name, value) });

  /** Runs the submit once at a time; a second submit while one is in flight is ignored. */
  const submit = async (run: (data: z.output<S>) => Promise<void>) => {
    if (pending) return;
    if (!result.success) {
      setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])));
      return;
    }
    setPending(true);
    try {
      await run(result.data as z.output<S>);
    } finally {
      setPending(false);
    }
  };

  return {
    values: values as z.input<S>,
    setValue,
    errorOf,
    field,
    setServerError: (name: string, message: string) => setServerErrors((current) => ({ ...current, [name]: message })),
    isValid: result.success,
    pending,
    submit,
  };
}
