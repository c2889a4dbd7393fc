import { expect } from '@playwright/test';

export const MAIL_CATCHER_URL = `http://127.0.0.1:${process.env.MAIL_CATCHER_HTTP_PORT ?? 3211}`;

type CaughtMail = { to: string[]; subject: string; text: string; html: string; date: string };

/** The mails the app sent to an address, oldest first. */
export async function mailsTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAIL_CATCHER_URL}/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for the n-th mail (1-based) to an address and returns the 6-digit code in its plain-text body. */
export async function waitForCode(email: string, nth = 1): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(email);
        const match = mails[nth - 1]?.text.match(/\b(\d{6})\b/);
        code = match?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** A fresh address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
