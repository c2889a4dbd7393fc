'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useRef, useTransition, type ComponentProps } from 'react';

import { filledFieldsQuery } from '@/lib/form-query';

type Props = Omit<ComponentProps<'form'>, 'action' | 'method' | 'onSubmit' | 'ref'> & { action: string };

/**
 * A GET form whose fields are rendered on the server and which works without JavaScript (its submit button goes
 * to `action` with the fields as the query). In the browser it applies itself: every committed change (a choice
 * in a list, a ticked box, a number left or confirmed with Enter) opens `action` with the filled fields, in place.
 */
export function AutoApplyForm({ action, children, ...props }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const lastTarget = useRef<string | null>(null);

  const apply = useCallback(
    (form: HTMLFormElement) => {
      const target = `${action}${filledFieldsQuery(new FormData(form))}`;
      // One Enter in a number box both commits it (change) and submits the form: open the address once.
      if (target === lastTarget.current) return;
      lastTarget.current = target;
      setTimeout(() => {
        lastTarget.current = null;
      });
      startTransition(() => router.push(target, { scroll: false }));
    },
    [action, router],
  );

  // The native change event, not React's onChange (which fires on every keystroke in a number box).
  const listen = useCallback(
    (form: HTMLFormElement | null) => {
      if (!form) return;
      const onChange = () => apply(form);
      form.addEventListener('change', onChange);
      return () => form.removeEventListener('change', onChange);
    },
    [apply],
  );

  return (
    <form
      {...props}
      ref={listen}
      action={action}
      method="get"
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
