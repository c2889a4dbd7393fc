import 'server-only';

import type { Database } from '../db/client';
import { getDb } from '../db/client';
import type { CodePurpose } from '../db/schema';
import { enqueueMail, type Mail } from '../mail';
import { nudgeMailWorker } from '../mail/worker';
import { getRateLimits, SITE_KEY, type LimitName } from '../rate-limit';
import { CODE_POLICY, issueCode } from './codes';
import { AuthException } from './errors';

/**
 * Who asked: the address the limits count, and whether the request came straight from this machine (only then may
 * DEV_MAILBOX show the code it mailed; server/request-ip.ts requesterOf). Unsaid means elsewhere.
 */
export type Requester = { ip: string; local?: boolean };

/** A mail that carries a fresh code, given the code and how long it is good for. */
export type CodeMail = (code: string, validity: string) => Mail;

/** The whole-site budgets on mail that carries codes: they count mail written, never requests (issue #42). */
type SiteMailBudget = Extract<LimitName, 'signup-global' | 'forgot-global'>;

/**
 * Issues a code and writes the mail that carries it, inside the caller's transaction: neither exists without the
 * other. The caller wakes the outbox worker after commit; no request waits for SMTP.
 */
export async function issueCodeWithMail(tx: Database, userId: string, purpose: CodePurpose, mailFor: CodeMail, requester: Requester): Promise<void> {
  const code = await issueCode(tx, userId, purpose);
  await enqueueMail(tx, { ...mailFor(code, CODE_POLICY[purpose].validity), requestedElsewhere: requester.local !== true });
}

/**
 * Refuses every request alike (known email or not, so the refusal tells nothing about accounts) once a whole-site
 * mail budget is spent; spent only by mail really written (recordSiteMail), so requests for unknown emails never use it.
 */
export async function refuseWhenSiteMailSpent(name: SiteMailBudget): Promise<void> {
  if (await getRateLimits().isExhausted(name, SITE_KEY)) throw new AuthException('LimitExceededException', undefined, 60);
}

/** Counts one mail written against a whole-site budget. */
export const recordSiteMail = (name: SiteMailBudget): Promise<void> => getRateLimits().record(name, SITE_KEY);

/**
 * Mails a fresh code to a known user, unless their email had its few mails this hour (`perEmail`, whoever asked):
 * then nothing is sent and the last code mailed stays good. Returns whether a mail was written.
 */
export async function mailCodeWithinBudget(
  user: { id: string; email: string },
  purpose: CodePurpose,
  mailFor: CodeMail,
  requester: Requester,
  budgets: { perEmail: LimitName; site: SiteMailBudget },
): Promise<boolean> {
  const limits = getRateLimits();
  const email = user.email.toLowerCase();
  if (await limits.isExhausted(budgets.perEmail, email)) return false;
  await (await getDb()).transaction((tx) => issueCodeWithMail(tx, user.id, purpose, mailFor, requester));
  await Promise.all([limits.record(budgets.perEmail, email), recordSiteMail(budgets.site)]);
  nudgeMailWorker();
  return true;
}
