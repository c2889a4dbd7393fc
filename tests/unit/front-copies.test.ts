import { describe, expect, it } from 'vitest';

import { createSharedCopies } from '../../scripts/front-copies.mjs';

const answer = (body: string) => ({ statusCode: 200, statusMessage: 'OK', rawHeaders: ['cache-control', 's-maxage=60'], body: Buffer.from(body) });

function copiesAt(start = 0, options: Parameters<typeof createSharedCopies>[0] = {}) {
  const clock = { time: start };
  return { clock, copies: createSharedCopies({ ttlMs: 1000, staleLimitMs: 2000, ...options, now: () => clock.time }) };
}

describe('the front’s copies of shared answers (scripts/front-copies.mjs)', () => {
  it('keeps only 200 answers marked shared, without cookies', () => {
    const { copies } = copiesAt();
    expect(copies.isShared(200, { 'cache-control': 's-maxage=60' })).toBe(true);
    expect(copies.isShared(200, { 'cache-control': 'public, max-age=30, no-transform' })).toBe(true);
    expect(copies.isShared(200, { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' })).toBe(false);
    expect(copies.isShared(200, { 'cache-control': 'public, no-cache' })).toBe(false);
    expect(copies.isShared(200, {})).toBe(false);
    expect(copies.isShared(200, { 'cache-control': 's-maxage=60', 'set-cookie': ['a=1'] })).toBe(false);
    expect(copies.isShared(404, { 'cache-control': 's-maxage=60' })).toBe(false);
  });

  it('keys GET requests by URL and accepted encodings; other methods and router requests have none', () => {
    const { copies } = copiesAt();
    expect(copies.keyOf({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } })).toBe('gzip\n/');
    expect(copies.keyOf({ method: 'GET', url: '/?a=1', headers: {} })).toBe('\n/?a=1');
    expect(copies.keyOf({ method: 'POST', url: '/', headers: {} })).toBeNull();
    expect(copies.keyOf({ method: 'HEAD', url: '/', headers: {} })).toBeNull();
    expect(copies.keyOf({ method: 'GET', url: '/', headers: { rsc: '1' } })).toBeNull();
    expect(copies.keyOf({ method: 'GET', url: '/', headers: { 'next-router-prefetch': '1' } })).toBeNull();
  });

  it('answers from a copy for a second; then answers the expired copy while one request has it refreshed, at most 2 s more', () => {
    const { clock, copies } = copiesAt();
    expect(copies.lookup('k')).toBeNull();
    copies.store('k', answer('one'));
    clock.time = 999;
    expect(copies.lookup('k')).toMatchObject({ refresh: false });
    clock.time = 1000;
    expect(copies.lookup('k')).toMatchObject({ refresh: true }); // this request has the app asked in the background
    expect(copies.lookup('k')).toMatchObject({ refresh: false });
    copies.store('k', answer('two'));
    expect(copies.lookup('k')?.copy.body.toString()).toBe('two');
    // A refresh that never comes back: the copy is answered up to 3 s after it was stored, then the app is asked.
    clock.time = 2000;
    expect(copies.lookup('k')).toMatchObject({ refresh: true });
    clock.time = 3999;
    expect(copies.lookup('k')).toMatchObject({ refresh: false });
    clock.time = 4000;
    expect(copies.lookup('k')).toBeNull();
    expect(copies.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('never answers a copy older than three seconds, however long nobody asked', () => {
    const { clock, copies } = copiesAt();
    copies.store('k', answer('one'));
    clock.time = 60_000;
    expect(copies.lookup('k')).toBeNull();
  });

  it('forgets one copy or all of them, and holds at most its limits, oldest dropped first', () => {
    const { copies } = copiesAt(0, { maxEntries: 2, maxBodyBytes: 10, maxTotalBytes: 15 });
    copies.store('a', answer('aaaa'));
    copies.store('b', answer('bbbb'));
    copies.store('c', answer('cccc'));
    expect(copies.lookup('a')).toBeNull();
    expect(copies.size()).toEqual({ entries: 2, bytes: 8 });
    // 18 bytes would be over the 15 allowed: the oldest copy goes.
    copies.store('d', answer('dddddddddd'));
    expect(copies.lookup('b')).toBeNull();
    expect(copies.size()).toEqual({ entries: 2, bytes: 14 });
    copies.store('e', answer('too large, not kept'));
    expect(copies.lookup('e')).toBeNull();
    copies.forget('d');
    expect(copies.size()).toEqual({ entries: 1, bytes: 4 });
    copies.store('f', answer('ff'));
    copies.clear();
    expect(copies.lookup('f')).toBeNull();
  });

  it('has visitors wait for one request to the app where a shared answer was kept a moment ago, never for other URLs', async () => {
    const { clock, copies } = copiesAt(0, { fillWaitMs: 50 });
    expect(copies.awaitOrLead('never-shared')).toBeNull();
    expect(copies.awaitOrLead('never-shared')).toBeNull();
    copies.store('page', answer('one'));
    clock.time = 5000; // the copy is gone (over 3 s old), but the URL was shared a moment ago
    expect(copies.lookup('page')).toBeNull();
    expect(copies.awaitOrLead('page')).toBeNull(); // this request leads
    const waiting = copies.awaitOrLead('page');
    copies.store('page', answer('two'));
    expect((await waiting)?.body.toString()).toBe('two');
    // The leader's answer turned out private, or never came: the others go to the app themselves.
    copies.clear();
    expect(copies.awaitOrLead('page')).toBeNull();
    const refused = copies.awaitOrLead('page');
    copies.forget('page');
    expect(await refused).toBeNull();
    expect(copies.awaitOrLead('page')).toBeNull();
    expect(await copies.awaitOrLead('page')).toBeNull(); // after fillWaitMs
    // A minute after it was last shared, a URL is not waited for any more.
    clock.time = 66_000;
    expect(copies.awaitOrLead('page')).toBeNull();
    expect(copies.awaitOrLead('page')).toBeNull();
  });
});
