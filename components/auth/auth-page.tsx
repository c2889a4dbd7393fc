'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';

import { safeCallbackPath } from '@/lib/callback-url';

import type { AuthStep } from './atoms';
import { AUTH_STEP_TITLES, AuthFlow } from './auth-flow';

/** The auth forms as a page, for smaller screens and for the required-session redirect. */
export function AuthPage({ initialStep }: { initialStep: AuthStep }) {
  const [step, setStep] = useState<AuthStep>(initialStep);
  const router = useRouter();
  const params = useSearchParams();
  const error = params.get('error');
  const notice = error === 'SessionRequired' ? 'Please log in to see that page.' : error ? 'Sign-in did not work. Please try again.' : null;
  const callbackUrl = params.get('callbackUrl');
  return (
    <section className="mx-auto w-full max-w-md flex-1 px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{AUTH_STEP_TITLES[step]}</h1>
      {notice && step === 'login' ? (
        <p role="status" className="mt-3 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
          {notice}
        </p>
      ) : null}
      <div className="mt-6">
        <AuthFlow
          key={step}
          step={step}
          go={setStep}
          onSignedIn={() => {
            // Only a path on this site is followed after sign-in.
            router.replace(safeCallbackPath(callbackUrl, window.location.origin));
            router.refresh();
          }}
        />
      </div>
    </section>
  );
}
