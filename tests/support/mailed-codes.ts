import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';

import { getDb } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';

/** The mails queued in the outbox for an address (any case), oldest first. */
export async function mailsTo(email: string) {
  const db = await getDb();
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase())).orderBy(asc(mailOutbox.createdAt));
}

/** The 6-digit code of the newest verification or reset mail to an address; fails the test when none was mailed. */
export async function latestMailedCode(email: string, kind: 'verification' | 'reset'): Promise<string> {
  const newest = (await mailsTo(email)).filter((mail) => mail.subject.toLowerCase().includes(kind)).at(-1);
  expect(newest, `no ${kind} mail to ${email}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(newest!.text)?.[1];
  expect(code, `no code in the ${kind} mail to ${email}`).toMatch(/^\d{6}$/);
  return code!;
}

/** A 6-digit code other than the given one. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
