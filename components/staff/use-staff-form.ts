'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction, type HookProps } from '@next-safe-action/adapter-react-hook-form/hooks';
import type { SingleInputActionFn } from 'next-safe-action/hooks';
import { useRouter } from 'next/navigation';
import type { FieldValues } from 'react-hook-form';
import type { z } from '@/lib/zod';

import { toast } from '@/components/chrome/toast';

/**
 * A console form bound to its action over the action's own schema. `submit` validates in the browser, then sends the
 * values as typed: the action parses its input again on the server, and a schema with transforms ('' → null, text →
 * number) refuses its own output, so the resolver's parsed values must not be what is sent. (The adapter's
 * handleSubmitWithAction sends those parsed values, which is why it is not offered here.)
 */
export function useStaffForm<ServerError, Schema extends z.ZodType<FieldValues, FieldValues>, ShapedErrors, Data>(
  safeAction: SingleInputActionFn<ServerError, Schema, ShapedErrors, Data>,
  schema: Schema,
  props?: HookProps<ServerError, Schema, ShapedErrors, Data>,
) {
  // zodResolver's types name zod's input and output, the adapter's the standard-schema ones: the same types, which
  // TypeScript cannot see for a generic schema.
  type FormResolver = Parameters<typeof useHookFormAction<ServerError, Schema, ShapedErrors, Data>>[1];
  const { form, action } = useHookFormAction(safeAction, zodResolver(schema) as unknown as FormResolver, props);
  const submit = form.handleSubmit(() => action.executeAsync(form.getValues()));
  return { form, action, submit };
}

/** Action callbacks for a console step that changes what the page shows: say it is done, then reload the page's data. */
export function useToastAndRefresh(message: string) {
  const router = useRouter();
  return {
    onSuccess() {
      toast.success(message);
      router.refresh();
    },
  };
}
