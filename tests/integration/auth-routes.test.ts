import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { POST as logPOST } from '@/app/api/auth/%5Flog/route';
import { POST as forgotPOST } from '@/app/api/auth/forgot-password/route';
import { POST as resendPOST } from '@/app/api/auth/resend-confirmation/route';
import { POST as resetPOST } from '@/app/api/auth/reset-forgotten-password/route';
import { POST as signupPOST } from '@/app/api/auth/signup/route';
import { POST as verifyPOST } from '@/app/api/auth/verify-email/route';
import { isAuthExceptionName } from '@/lib/auth-errors';
import { authenticate } from '@/server/auth/pool';
import { getDb } from '@/server/db/client';
import { mailOutbox, users, verificationCodes } from '@/server/db/schema';

import { createTestRun } from '../fixtures/test-run';
import { latestMailedCode, otherCode } from '../support/mailed-codes';

const testRun = createTestRun();
const { nextIp, nextEmail } = testRun;

const PASSWORD = 'correct-horse-1';
const OTHER_PASSWORD = 'battery-staple-2';

afterAll(() => testRun.cleanUp());

type Handler = (request: Request) => Promise<Response>;

type Reply = { status: number; body: Record<string, unknown> };

/** Calls a route handler with a raw body; every reply must be JSON and never a server error. */
async function call(handler: Handler, path: string, body: string | undefined, options: { contentType?: string | null; ip?: string } = {}): Promise<Reply> {
  const headers = new Headers({ 'x-forwarded-for': options.ip ?? nextIp() });
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType !== null) headers.set('content-type', contentType);
  const request = new Request(`http://localhost${path}`, { method: 'POST', headers, body });
  if (contentType === null) request.headers.delete('content-type');
  const response = await handler(request);
  expect(response.status, `${path} answered ${response.status}`).toBeLessThan(500);
  expect(response.headers.get('content-type') ?? '').toContain('application/json');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const postJson = (handler: Handler, path: string, body: unknown, ip?: string) => call(handler, path, JSON.stringify(body), { ip });

async function counts() {
  const db = await getDb();
  const count = async (table: typeof users | typeof verificationCodes | typeof mailOutbox) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return { users: await count(users), codes: await count(verificationCodes), mails: await count(mailOutbox) };
}

async function userRow(email: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return rows[0] ?? null;
}

async function backdateCodes(email: string) {
  const user = await userRow(email);
  const db = await getDb();
  await db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` })
    .where(eq(verificationCodes.userId, user!.id));
}

const SUCCESS = { status: 200, body: { msg: 'SUCCESS' } };
const refused = (status: number, error: string) => ({ status, body: { error } });

async function signedUp(label: string): Promise<string> {
  const email = nextEmail(label);
  expect(await postJson(signupPOST, '/api/auth/signup', { email, password: PASSWORD })).toEqual(SUCCESS);
  return email;
}

async function confirmed(label: string): Promise<string> {
  const email = await signedUp(label);
  const verificationCode = await latestMailedCode(email, 'verification');
  expect(await postJson(verifyPOST, '/api/auth/verify-email', { email, verificationCode })).toEqual(SUCCESS);
  return email;
}

describe('the happy paths answer 200 { msg: "SUCCESS" }', () => {
  it('sign-up → verify-email → log in', async () => {
    const before = await counts();
    const email = await signedUp('happy');
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.mails).toBe(before.mails + 1);
    expect((await userRow(email))!.confirmedAt).toBeNull();

    const verificationCode = await latestMailedCode(email, 'verification');
    expect(await postJson(verifyPOST, '/api/auth/verify-email', { email, verificationCode })).toEqual(SUCCESS);
    expect((await userRow(email))!.confirmedAt).toBeInstanceOf(Date);
    expect((await authenticate({ email, password: PASSWORD, ip: nextIp() })).email).toBe(email);
  });

  it('resend-confirmation after the cooldown mails a new code that verifies', async () => {
    const email = await signedUp('resend-ok');
    await backdateCodes(email);
    expect(await postJson(resendPOST, '/api/auth/resend-confirmation', { email })).toEqual(SUCCESS);
    const verificationCode = await latestMailedCode(email, 'verification');
    expect(await postJson(verifyPOST, '/api/auth/verify-email', { email, verificationCode })).toEqual(SUCCESS);
  });

  it('forgot-password → reset-forgotten-password → log in with the new password, the old one refused', async () => {
    const email = await confirmed('reset-ok');
    expect(await postJson(forgotPOST, '/api/auth/forgot-password', { email })).toEqual(SUCCESS);
    const code = await latestMailedCode(email, 'reset');
    expect(await postJson(resetPOST, '/api/auth/reset-forgotten-password', { email, code, newPassword: OTHER_PASSWORD })).toEqual(SUCCESS);
    expect((await authenticate({ email, password: OTHER_PASSWORD, ip: nextIp() })).email).toBe(email);
    await expect(authenticate({ email, password: PASSWORD, ip: nextIp() })).rejects.toMatchObject({ exception: 'NotAuthorizedException' });
  });

  it('forgot-password answers the same for an unknown email, and mails nothing', async () => {
    const before = await counts();
    expect(await postJson(forgotPOST, '/api/auth/forgot-password', { email: nextEmail('ghost') })).toEqual(SUCCESS);
    expect(await counts()).toEqual(before);
  });

  it('accepts a password that looks like SQL (it satisfies the rule) and stores only its hash', async () => {
    const email = nextEmail('sqlish');
    const password = "' OR 1=1 --";
    expect(await postJson(signupPOST, '/api/auth/signup', { email, password })).toEqual(SUCCESS);
    const user = await userRow(email);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(authenticate({ email, password, ip: nextIp() })).rejects.toMatchObject({ exception: 'UserNotConfirmedException' });
    await expect(authenticate({ email, password: "' OR 1=1 -- ", ip: nextIp() })).rejects.toMatchObject({ exception: 'NotAuthorizedException' });
  });
});

describe('each pool exception maps to its status and { error: name }', () => {
  it('UsernameExistsException → 409', async () => {
    const email = await signedUp('taken');
    expect(await postJson(signupPOST, '/api/auth/signup', { email: email.toUpperCase(), password: OTHER_PASSWORD })).toEqual(
      refused(409, 'UsernameExistsException'),
    );
  });

  it('InvalidPasswordException → 400, on sign-up and on reset', async () => {
    const before = await counts();
    for (const password of ['short1', 'abcdefgh', '12345678']) {
      expect(await postJson(signupPOST, '/api/auth/signup', { email: nextEmail('weak'), password })).toEqual(refused(400, 'InvalidPasswordException'));
    }
    expect(await counts()).toEqual(before);
    const email = await confirmed('weak-reset');
    expect(await postJson(forgotPOST, '/api/auth/forgot-password', { email })).toEqual(SUCCESS);
    const code = await latestMailedCode(email, 'reset');
    expect(await postJson(resetPOST, '/api/auth/reset-forgotten-password', { email, code, newPassword: 'abcdefgh' })).toEqual(
      refused(400, 'InvalidPasswordException'),
    );
  });

  it('CodeMismatchException → 400, on verify and on reset', async () => {
    const email = await signedUp('mismatch');
    const code = await latestMailedCode(email, 'verification');
    expect(await postJson(verifyPOST, '/api/auth/verify-email', { email, verificationCode: otherCode(code) })).toEqual(
      refused(400, 'CodeMismatchException'),
    );
    expect(await postJson(forgotPOST, '/api/auth/forgot-password', { email })).toEqual(SUCCESS);
    const resetCode = await latestMailedCode(email, 'reset');
    expect(await postJson(resetPOST, '/api/auth/reset-forgotten-password', { email, code: otherCode(resetCode), newPassword: OTHER_PASSWORD })).toEqual(
      refused(400, 'CodeMismatchException'),
    );
  });

  it('ExpiredCodeException → 400 once a code has taken 5 wrong tries', async () => {
    const email = await signedUp('expired');
    const code = await latestMailedCode(email, 'verification');
    for (let i = 1; i <= 5; i++) {
      const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
      expect((await postJson(verifyPOST, '/api/auth/verify-email', { email, verificationCode: wrong })).body.error).toBe('CodeMismatchException');
    }
    expect(await postJson(verifyPOST, '/api/auth/verify-email', { email, verificationCode: code })).toEqual(refused(400, 'ExpiredCodeException'));
  });

  it('NotAuthorizedException → 400 for an email that is not awaiting verification', async () => {
    const email = await confirmed('not-awaiting');
    expect(await postJson(verifyPOST, '/api/auth/verify-email', { email, verificationCode: '123456' })).toEqual(refused(400, 'NotAuthorizedException'));
    expect(await postJson(resendPOST, '/api/auth/resend-confirmation', { email })).toEqual(refused(400, 'NotAuthorizedException'));
    const ghost = nextEmail('ghost');
    expect(await postJson(verifyPOST, '/api/auth/verify-email', { email: ghost, verificationCode: '123456' })).toEqual(
      refused(400, 'NotAuthorizedException'),
    );
    expect(await postJson(resendPOST, '/api/auth/resend-confirmation', { email: ghost })).toEqual(refused(400, 'NotAuthorizedException'));
  });

  it('LimitExceededException → 429 for a resend within 60 s; a second forgot-password answers as for any email and mails nothing', async () => {
    const email = await signedUp('cooldown');
    const before = await counts();
    expect(await postJson(resendPOST, '/api/auth/resend-confirmation', { email })).toEqual(refused(429, 'LimitExceededException'));
    expect(await postJson(forgotPOST, '/api/auth/forgot-password', { email })).toEqual(SUCCESS);
    // Within the cooldown the first code still stands; the same answer as an unknown email keeps accounts private.
    expect(await postJson(forgotPOST, '/api/auth/forgot-password', { email })).toEqual(SUCCESS);
    const after = await counts();
    expect(after.mails).toBe(before.mails + 1);
  });

  it('LimitExceededException → 429 when one address floods sign-up', async () => {
    const ip = nextIp();
    let throttledAt: number | null = null;
    for (let request = 1; request <= 40 && throttledAt === null; request++) {
      const reply = await call(signupPOST, '/api/auth/signup', JSON.stringify({ email: nextEmail('flood'), password: 'too-weak' }), { ip });
      if (reply.status === 429) {
        expect(reply.body).toEqual({ error: 'LimitExceededException' });
        throttledAt = request;
      } else {
        expect(reply).toEqual(refused(400, 'InvalidPasswordException'));
      }
    }
    expect(throttledAt).not.toBeNull();
    expect(throttledAt!).toBeLessThanOrEqual(30);
  });

  it('refusals are not cached', async () => {
    const response = await signupPOST(
      new Request('http://localhost/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
        body: '{}',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

// ---- Bad input for every field of every route ----

type FieldKind = 'email' | 'password' | 'code';

type Route = {
  name: string;
  path: string;
  handler: Handler;
  /** A valid body with a fresh email (for an account that does not exist). */
  valid: () => Record<string, unknown>;
  fields: Record<string, FieldKind>;
};

const ROUTES: Route[] = [
  { name: 'signup', path: '/api/auth/signup', handler: signupPOST, valid: () => ({ email: nextEmail('bad'), password: PASSWORD }), fields: { email: 'email', password: 'password' } },
  { name: 'forgot-password', path: '/api/auth/forgot-password', handler: forgotPOST, valid: () => ({ email: nextEmail('bad') }), fields: { email: 'email' } },
  {
    name: 'reset-forgotten-password',
    path: '/api/auth/reset-forgotten-password',
    handler: resetPOST,
    valid: () => ({ email: nextEmail('bad'), code: '123456', newPassword: PASSWORD }),
    fields: { email: 'email', code: 'code', newPassword: 'password' },
  },
  {
    name: 'verify-email',
    path: '/api/auth/verify-email',
    handler: verifyPOST,
    valid: () => ({ email: nextEmail('bad'), verificationCode: '123456' }),
    fields: { email: 'email', verificationCode: 'code' },
  },
  { name: 'resend-confirmation', path: '/api/auth/resend-confirmation', handler: resendPOST, valid: () => ({ email: nextEmail('bad') }), fields: { email: 'email' } },
];

const WRONG_TYPES: unknown[] = [42, 0, -1.5, true, false, null, [], ['a@b.co'], {}, { $ne: null }, { toString: 'x' }];

const OVERSIZED: Record<FieldKind, unknown[]> = {
  email: ['a'.repeat(290) + '@example.com', `${'a'.repeat(64)}@${'b'.repeat(250)}.com`],
  password: ['a1'.repeat(150), 'Passw0rd'.repeat(1000)],
  code: ['1234567', '0'.repeat(300)],
};

const HOSTILE: Record<FieldKind, unknown[]> = {
  email: [
    '<script>alert(1)</script>',
    '"<script>"@example.com',
    "' OR 1=1 --",
    "a@b.co'; DROP TABLE users; --",
    'ünïcödé@exämple.com',
    '用户@例子.广告',
    '😀@example.com',
    'ada@example.com\u0000',
    'ada@example.com\r\nBcc: victim@example.com',
    '../../etc/passwd',
    '${jndi:ldap://x}',
    '',
    '   ',
  ],
  // Only values that break the password rule: a hostile-looking password that satisfies it is a valid password.
  password: ['<script>', '<script>alert(document.cookie)</script>', '密码密码密码密码🔒', 'пароль-пароль', '\u0000'.repeat(10), '        ', ''],
  code: ['<script>', "' OR 1=1 --", '12345a', '١٢٣٤٥٦', '１２３４５６', '12 34 5', '123456\u0000', '0x1234', '1e5000', '-12345', '', '      '],
};

/** Sends bodies to a route and checks each is a 400 with a clear message, and that the database did not change. */
async function expectAllRefused(route: Route, bodies: { body: string | undefined; contentType?: string | null; field?: string }[], status = 400) {
  const before = await counts();
  for (const { body, contentType, field } of bodies) {
    const reply = await call(route.handler, route.path, body, { contentType });
    const label = `${route.name} ${contentType ?? ''} ${body?.slice(0, 120)}`;
    expect(reply.status, label).toBe(status);
    expect(typeof reply.body.error, label).toBe('string');
    const error = reply.body.error as string;
    expect(error.trim().length, label).toBeGreaterThan(0);
    expect(reply.body.msg, label).toBeUndefined();
    // A schema refusal names the field; a refusal of the pool names its exception.
    if (field && !isAuthExceptionName(error)) expect(error.toLowerCase(), label).toContain(field.toLowerCase());
  }
  expect(await counts()).toEqual(before);
}

describe.each(ROUTES)('POST $path refuses bad input with 400 and changes nothing', (route) => {
  const fields = Object.keys(route.fields);

  it.each(fields)('a missing %s', async (field) => {
    const body = route.valid();
    delete body[field];
    await expectAllRefused(route, [{ body: JSON.stringify(body), field }]);
  });

  it.each(fields)('a wrong-typed %s (number, boolean, null, array, object)', async (field) => {
    await expectAllRefused(
      route,
      WRONG_TYPES.map((value) => ({ body: JSON.stringify({ ...route.valid(), [field]: value }), field })),
    );
  });

  it.each(fields)('an oversized %s', async (field) => {
    await expectAllRefused(
      route,
      OVERSIZED[route.fields[field]].map((value) => ({ body: JSON.stringify({ ...route.valid(), [field]: value }), field })),
    );
  });

  it.each(fields)('a hostile or malformed %s', async (field) => {
    await expectAllRefused(
      route,
      HOSTILE[route.fields[field]].map((value) => ({ body: JSON.stringify({ ...route.valid(), [field]: value }), field })),
    );
  });

  it('an extra unknown field, including __proto__ and constructor', async () => {
    await expectAllRefused(route, [
      { body: JSON.stringify({ ...route.valid(), isAdmin: true }) },
      { body: JSON.stringify({ ...route.valid(), role: 'admin', confirmedAt: '2020-01-01' }) },
      { body: JSON.stringify({ ...route.valid(), extra: null }) },
      { body: JSON.stringify(route.valid()).replace(/^\{/, '{"__proto__":{"isAdmin":true},') },
      { body: JSON.stringify(route.valid()).replace(/^\{/, '{"constructor":{"prototype":{"x":1}},') },
    ]);
  });

  it('a body that is not a JSON object', async () => {
    await expectAllRefused(route, [
      { body: '' },
      { body: undefined },
      { body: 'null' },
      { body: '[]' },
      { body: JSON.stringify([route.valid()]) },
      { body: '"a@b.co"' },
      { body: '42' },
      { body: 'true' },
      { body: 'not json' },
      { body: '{"email":' },
      { body: "{'email': 'a@b.co'}" },
      { body: '{"email":"a@b.co",}' },
      { body: '\u0000\u0001\u0002' },
    ]);
  });

  it('a body too large to read (413)', async () => {
    await expectAllRefused(route, [{ body: JSON.stringify({ ...route.valid(), padding: 'x'.repeat(70 * 1024) }) }], 413);
  });

  it('the wrong content type, or none', async () => {
    const valid = JSON.stringify(route.valid());
    const form = new URLSearchParams(Object.entries(route.valid()).map(([key, value]) => [key, String(value)])).toString();
    await expectAllRefused(route, [
      { body: valid, contentType: 'text/plain' },
      { body: valid, contentType: 'text/plain;charset=UTF-8' },
      { body: form, contentType: 'application/x-www-form-urlencoded' },
      { body: valid, contentType: 'multipart/form-data; boundary=x' },
      { body: valid, contentType: 'application/xml' },
      { body: valid, contentType: null },
    ]);
  });
});

describe('POST /api/auth/_log', () => {
  const beacon = (body: string | undefined, contentType: string | null) => call(logPOST as Handler, '/api/auth/_log', body, { contentType });

  it('accepts a form-encoded beacon with 200', async () => {
    const form = new URLSearchParams({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'Failed to fetch' }).toString();
    expect(await beacon(form, 'application/x-www-form-urlencoded')).toEqual({ status: 200, body: { ok: true } });
  });

  it('accepts an empty form and a JSON beacon', async () => {
    expect((await beacon('', 'application/x-www-form-urlencoded')).status).toBe(200);
    expect((await beacon(JSON.stringify({ level: 'warn', code: 'X', message: 'y' }), 'application/json')).status).toBe(200);
  });

  it('refuses bad JSON with 400', async () => {
    for (const body of ['not json', '{"level":', '']) {
      const reply = await beacon(body, 'application/json');
      expect(reply.status).toBe(400);
      expect(String(reply.body.error).length).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown level and oversized fields with 400', async () => {
    expect((await beacon(new URLSearchParams({ level: 'fatal' }).toString(), 'application/x-www-form-urlencoded')).status).toBe(400);
    expect((await beacon(JSON.stringify({ code: 'x'.repeat(101) }), 'application/json')).status).toBe(400);
    expect((await beacon(JSON.stringify({ message: 42 }), 'application/json')).status).toBe(400);
    expect((await beacon('null', 'application/json')).status).toBe(400);
  });
});
