'use client';

import { LazyServerErrorPage } from '@/components/chrome/lazy-server-error-page';

import './globals.css';

/** Last resort when the root layout itself fails. */
export default function GlobalError() {
  return (
    <html lang="en">
      <body className="font-sans">
        <LazyServerErrorPage />
      </body>
    </html>
  );
}
