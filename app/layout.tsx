import type { Metadata, Viewport } from 'next';
import { Suspense, type ReactNode } from 'react';

import { AuthModalTrigger } from '@/components/auth/auth-modal-trigger';
import { CookieBanner, Providers, RouteChangeEffects, ToasterTrigger } from '@/components/chrome/root-client';
import { Footer } from '@/components/footer/footer';
import { SurveyGate } from '@/components/survey/survey-entry';
import { BRAND_NAME, COOKIE_CONSENT_KEY } from '@/lib/constants';
import { avatarPublicBaseUrl } from '@/server/avatars';
import { getConfig } from '@/server/config';
import { defaultFlags } from '@/server/flags';

import { sansFont } from './fonts';
import './globals.css';

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(getConfig().siteUrl),
    title: { default: `${BRAND_NAME}: security scores, audits and monitoring for blockchain projects`, template: `%s | ${BRAND_NAME}` },
    description: 'Find out whether a blockchain project is safe: security scores, audits, alerts and on-chain monitoring.',
    applicationName: BRAND_NAME,
  };
}

export const viewport: Viewport = { themeColor: '#0f1b3d' };

/**
 * Marks the page of a visitor who accepted cookies before it paints, so the stylesheet hides the server-rendered
 * banner (components/chrome/root-client.tsx CookieBanner). Inline: it must run before the body is drawn.
 */
const COOKIE_CONSENT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)})==="true")document.documentElement.setAttribute("data-cookie-consent","")}catch(e){}`;

export default function RootLayout({ children }: { children: ReactNode }) {
  const config = getConfig();
  const publicConfig = {
    analytics: config.posthog,
    avatarBaseUrl: avatarPublicBaseUrl(),
    sessionRefetchIntervalSeconds: 0,
    flags: defaultFlags(),
  };
  return (
    // The consent script may add an attribute to <html> before React hydrates it.
    <html lang="en" className={sansFont.variable} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: COOKIE_CONSENT_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <Providers config={publicConfig}>
          {/* First in the document though drawn at the bottom: a first visit paints it as soon as the HTML starts
              arriving, not after a long page's markup (it was a phone's largest paint, at the end of a project page). */}
          <CookieBanner />
          {children}
          <Footer />
          <AuthModalTrigger />
          <SurveyGate />
          <ToasterTrigger />
          <Suspense fallback={null}>
            <RouteChangeEffects />
          </Suspense>
        </Providers>
      </body>
    </html>
  );
}
