import { afterAll, describe, expect, it } from 'vitest';

import { signUp } from '@/server/auth/pool';
import { isDirectLocalRequest, requesterOf } from '@/server/request-ip';

import { createTestRun } from '../fixtures/test-run';
import { mailsTo } from '../support/mailed-codes';

/** Issue #42: DEV_MAILBOX's outbox and logged codes are for this machine only. */
const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

// scripts/start.mjs's front appends the socket's peer to X-Forwarded-For, so a direct request carries exactly one entry.
const direct = (peer: string, extra: Record<string, string> = {}) => new Headers({ 'x-forwarded-for': peer, ...extra });

describe('a request straight from this machine', () => {
  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])('is one whose only peer is loopback (%s)', (peer) => {
    expect(isDirectLocalRequest(direct(peer))).toBe(true);
  });

  it.each([
    ['another machine', direct('192.0.2.10')],
    ['a proxy on this machine forwarding a client', direct('203.0.113.5, 127.0.0.1')],
    ['a client claiming loopback through the front', direct('127.0.0.1, 192.0.2.10')],
    ['a Forwarded header', direct('127.0.0.1', { forwarded: 'for=203.0.113.5' })],
    ['an X-Real-IP header', direct('127.0.0.1', { 'x-real-ip': '203.0.113.5' })],
    ['no peer at all', new Headers()],
  ])('is not %s', (_label, headers) => {
    expect(isDirectLocalRequest(headers)).toBe(false);
  });
});

describe('a mailed code', () => {
  it('asked for from this machine may be shown; asked for from elsewhere (or unsaid) never is', async () => {
    const here = testRun.nextEmail('mailbox-here');
    const elsewhere = testRun.nextEmail('mailbox-elsewhere');
    const unsaid = testRun.nextEmail('mailbox-unsaid');
    await signUp({ email: here, password: 'correct-horse-1', ...requesterOf(direct('127.0.0.1')) });
    await signUp({ email: elsewhere, password: 'correct-horse-1', ...requesterOf(direct('198.51.100.7')) });
    await signUp({ email: unsaid, password: 'correct-horse-1', ip: testRun.nextIp() });
    expect((await mailsTo(here)).map((mail) => mail.requestedElsewhere)).toEqual([false]);
    expect((await mailsTo(elsewhere)).map((mail) => mail.requestedElsewhere)).toEqual([true]);
    expect((await mailsTo(unsaid)).map((mail) => mail.requestedElsewhere)).toEqual([true]);
  });
});
