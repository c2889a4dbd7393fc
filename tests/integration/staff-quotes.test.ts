import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { updateQuoteAction } from '@/actions/staff/update-quote';
import { GET as exportQuotes } from '@/app/staff/(console)/quotes/export/route';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { quoteRequestSchema, type QuoteRequestInput } from '@/lib/schemas/quote';
import { parseConfig } from '@/server/config';
import { getDb } from '@/server/db/client';
import { mailOutbox, quoteRequests } from '@/server/db/schema';
import { createQuoteRequest } from '@/server/quotes';
import { listQuoteOwners, listStaffQuotes, QUOTE_CSV_HEADER } from '@/server/staff/quotes';

import { createTestRun } from '../fixtures/test-run';
import { parseCsv } from '../support/csv';
import { makeStaff, signInAs, staffLogOf, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
// QUOTE_NOTIFY_EMAIL as each test sets it; everything else as the environment configures it.
const notify = vi.hoisted(() => ({ email: null as string | null }));
vi.mock('@/server/config', async (original) => {
  const actual = await original<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), quoteNotifyEmail: notify.email }) };
});

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());
beforeEach(() => {
  notify.email = null;
});

let sales: StaffUser;
let admin: StaffUser;
let analyst: StaffUser;
beforeAll(async () => {
  sales = await makeStaff(testRun, 'sales');
  admin = await makeStaff(testRun, 'admin');
  analyst = await makeStaff(testRun, 'analyst');
});

const request = (overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput => ({
  name: 'Ada Lovelace',
  email: testRun.nextEmail('lead'),
  company: `Analytical Engines ${testRun.id}`,
  website: 'https://engines.example',
  services: ['security-audit', 'skynet'],
  message: 'We need an audit of our lending protocol before launch.',
  ...overrides,
});

const submit = (overrides: Partial<QuoteRequestInput> = {}) => createQuoteRequest(quoteRequestSchema.parse(request(overrides)), { ip: testRun.nextIp() });

const mailsTo = async (email: string) => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email));

async function storedQuote(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  const log = await staffLogOf('quote', id);
  return { row, log };
}

describe('QUOTE_NOTIFY_EMAIL', () => {
  it('is an optional email address in the configuration', () => {
    expect(parseConfig({ QUOTE_NOTIFY_EMAIL: 'sales@example.com' }).quoteNotifyEmail).toBe('sales@example.com');
    expect(parseConfig({ QUOTE_NOTIFY_EMAIL: '' }).quoteNotifyEmail).toBeNull();
    expect(() => parseConfig({ QUOTE_NOTIFY_EMAIL: 'sales team' })).toThrow(/QUOTE_NOTIFY_EMAIL: must be an email address/);
  });

  it('receives a mail for each new request, naming who asked, for what, and linking to it in the console', async () => {
    notify.email = testRun.nextEmail('sales-desk');
    const { id } = await submit({ company: `Engines\r\nBcc: victim@example.com ${testRun.id}`, services: ['pentest'] });
    const mails = await mailsTo(notify.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).not.toMatch(/[\r\n]/);
    expect(mails[0].subject).toContain('New quote request from Engines');
    expect(mails[0].text).toContain('Ada Lovelace');
    expect(mails[0].text).toContain('Penetration Testing');
    expect(mails[0].text).toContain(`/staff/quotes/${id}`);
  });

  it('sends nothing when unset, and nothing for a request that was not stored', async () => {
    const before = (await (await getDb()).select({ count: sql<number>`count(*)::int` }).from(mailOutbox))[0].count;
    await submit();
    notify.email = testRun.nextEmail('sales-desk');
    // Past the database's own limit on names: the insert fails, so its notice must not exist either.
    await expect(createQuoteRequest({ ...quoteRequestSchema.parse(request()), name: 'x'.repeat(101) }, { ip: testRun.nextIp() })).rejects.toThrow();
    expect(await mailsTo(notify.email)).toHaveLength(0);
    const after = (await (await getDb()).select({ count: sql<number>`count(*)::int` }).from(mailOutbox))[0].count;
    expect(after).toBe(before);
  });
});

describe('handling a request', () => {
  it('saves status, owner and notes, with one audit-log entry naming the owner', async () => {
    const { id } = await submit();
    signInAs(sales);
    const result = await updateQuoteAction(id, { status: 'contacted', ownerUserId: sales.id, notes: '  Called; wants a date in March.  ' });
    expect(result.data).toEqual({ ok: true });
    const { row, log } = await storedQuote(id);
    expect(row).toMatchObject({ status: 'contacted', ownerUserId: sales.id, notes: 'Called; wants a date in March.' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'quote.update',
      actorEmail: sales.email,
      before: { status: 'new', owner: null, notes: '' },
      after: { status: 'contacted', owner: sales.email, notes: 'Called; wants a date in March.' },
    });

    signInAs(admin);
    expect((await updateQuoteAction(id, { status: 'won', ownerUserId: '', notes: row.notes })).data).toEqual({ ok: true });
    expect((await storedQuote(id)).row).toMatchObject({ status: 'won', ownerUserId: null });
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const { id } = await submit();
    signInAs(sales);
    const badStatus = await updateQuoteAction(id, { status: 'maybe' as 'new', ownerUserId: '', notes: '' });
    expect(badStatus.validationErrors).toMatchObject({ status: { _errors: [STAFF_MESSAGES.quoteStatusRequired] } });
    const badOwner = await updateQuoteAction(id, { status: 'contacted', ownerUserId: 'someone', notes: '' });
    expect(badOwner.validationErrors).toMatchObject({ ownerUserId: { _errors: [STAFF_MESSAGES.quoteOwnerInvalid] } });
    const longNotes = await updateQuoteAction(id, { status: 'contacted', ownerUserId: '', notes: 'x'.repeat(10_001) });
    expect(longNotes.validationErrors).toMatchObject({ notes: { _errors: [STAFF_MESSAGES.quoteNotesTooLong] } });
    // An analyst does not handle quotes, so cannot own one.
    expect((await updateQuoteAction(id, { status: 'contacted', ownerUserId: analyst.id, notes: '' })).serverError).toBe(STAFF_MESSAGES.quoteOwnerInvalid);
    expect((await updateQuoteAction(id, { status: 'new', ownerUserId: '', notes: '' })).serverError).toBe(STAFF_MESSAGES.nothingChanged);
    expect((await updateQuoteAction('00000000-0000-4000-8000-000000000000', { status: 'won', ownerUserId: '', notes: '' })).serverError).toBe(STAFF_MESSAGES.quoteNotFound);

    const { row, log } = await storedQuote(id);
    expect(row).toMatchObject({ status: 'new', ownerUserId: null, notes: '' });
    expect(log).toHaveLength(0);
  });

  it('answers Not found. to roles without quotes.write and to a visitor, changing nothing', async () => {
    const { id } = await submit();
    for (const who of [analyst, null]) {
      signInAs(who);
      expect((await updateQuoteAction(id, { status: 'lost', ownerUserId: '', notes: 'Not mine' })).serverError).toBe(STAFF_MESSAGES.notFound);
    }
    expect((await storedQuote(id)).row.status).toBe('new');
  });

  it('offers as owners only the members who handle quotes', async () => {
    const owners = (await listQuoteOwners()).map((owner) => owner.userId);
    expect(owners).toEqual(expect.arrayContaining([sales.id, admin.id]));
    expect(owners).not.toContain(analyst.id);
  });
});

describe('the inbox', () => {
  it('lists newest first, searches name, company and email, and filters by status and owner', async () => {
    const marker = `inbox-${testRun.id}`;
    const older = await submit({ company: `Older ${marker}` });
    const newer = await submit({ company: `Newer ${marker}`, email: `someone-${marker}@example.com` });
    signInAs(sales);
    await updateQuoteAction(older.id, { status: 'contacted', ownerUserId: sales.id, notes: '' });

    expect((await listStaffQuotes({ q: marker, page: 1 })).rows.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect((await listStaffQuotes({ q: `someone-${marker}`, page: 1 })).rows.map((row) => row.id)).toEqual([newer.id]);
    expect((await listStaffQuotes({ q: marker, status: 'contacted', page: 1 })).rows.map((row) => row.id)).toEqual([older.id]);
    expect((await listStaffQuotes({ q: marker, owner: sales.id, page: 1 })).rows).toMatchObject([{ id: older.id, ownerEmail: sales.email }]);
    expect((await listStaffQuotes({ q: marker, owner: 'none', page: 1 })).rows.map((row) => row.id)).toEqual([newer.id]);
  });
});

describe('the CSV export', () => {
  it('holds the filtered requests, quoted properly, formulas shown as text', async () => {
    const marker = `csv-${testRun.id}`;
    const formula = await submit({ name: '=HYPERLINK("https://evil.example","click")', company: `@SUM ${marker}`, message: 'Line one, with "quotes"\nLine two is long enough.' });
    const other = await submit({ company: `Plain ${marker}` });
    signInAs(sales);
    await updateQuoteAction(other.id, { status: 'lost', ownerUserId: '', notes: '-1 budget' });

    const response = await exportQuotes(new Request(`http://localhost/staff/quotes/export?q=${marker}&status=new`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="quote-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([...QUOTE_CSV_HEADER]);
    expect(rows).toHaveLength(2);
    const record = Object.fromEntries(QUOTE_CSV_HEADER.map((column, index) => [column, rows[1][index]]));
    expect(record).toMatchObject({
      Name: `'=HYPERLINK("https://evil.example","click")`,
      Company: `'@SUM ${marker}`,
      Message: 'Line one, with "quotes"\nLine two is long enough.',
      Services: 'Security Audit; Skynet monitoring',
      Status: 'New',
    });
    expect(rows[1][0]).toBe((await storedQuote(formula.id)).row.createdAt.toISOString());

    const all = parseCsv((await (await exportQuotes(new Request(`http://localhost/staff/quotes/export?q=${marker}`))).text()).replace(/^\uFEFF/, ''));
    expect(all.find((row) => row[3] === `Plain ${marker}`)?.[9]).toBe("'-1 budget");
  });

  it('guards a cell starting with +, a tab or a carriage return too, whatever text was stored', async () => {
    const marker = `guard-${testRun.id}`;
    // Stored as-is (the public form trims, but the export must not rely on what wrote the row).
    await (await getDb())
      .insert(quoteRequests)
      .values({ name: '\tcmd|calc', email: testRun.nextEmail('guard'), company: `+SUM ${marker}`, services: ['security-audit'], message: '\rcmd|calc and more text' });
    signInAs(sales);
    const rows = parseCsv((await (await exportQuotes(new Request(`http://localhost/staff/quotes/export?q=${marker}`))).text()).replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(2);
    const record = Object.fromEntries(QUOTE_CSV_HEADER.map((column, index) => [column, rows[1][index]]));
    expect(record).toMatchObject({ Name: "'\tcmd|calc", Company: `'+SUM ${marker}`, Message: "'\rcmd|calc and more text" });
  });

  it('answers 404 to anyone without quotes.read', async () => {
    for (const who of [analyst, null]) {
      signInAs(who);
      const response = await exportQuotes(new Request('http://localhost/staff/quotes/export'));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: STAFF_MESSAGES.notFound });
    }
  });
});
