'use client';

import Link from 'next/link';
import { useSyncExternalStore } from 'react';

import { Button } from '@/components/ui/button';
import { COOKIE_CONSENT_KEY } from '@/lib/constants';
import { CHROME_TEXTS } from '@/lib/messages';

const CONSENT_CHANGED = 'cookie-consent-changed';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CONSENT_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CONSENT_CHANGED, onChange);
  };
}

function readConsent(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The cookie consent banner: shown until 'I Accept', which stores the flag in local storage. */
export function CookieBanner() {
  // On the server (and before hydration) consent counts as given, so the banner never flashes for returning visitors.
  const accepted = useSyncExternalStore(subscribe, readConsent, () => true);
  if (accepted) return null;

  const accept = () => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    } finally {
      window.dispatchEvent(new Event(CONSENT_CHANGED));
    }
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 shadow-[0_-4px_24px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          We use cookies to keep you signed in and, with your consent, to understand how the site is used. Read our{' '}
          <Link href="/company/cookie-policy" className="font-medium text-primary underline underline-offset-4">
            Cookie Policy
          </Link>
          .
        </p>
        <Button onClick={accept} className="shrink-0">
          {CHROME_TEXTS.acceptCookies}
        </Button>
      </div>
    </section>
  );
}
