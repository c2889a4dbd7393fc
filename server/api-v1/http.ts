import 'server-only';

import { createHash } from 'node:crypto';

import type { z } from '@/lib/zod';

import { toCsv, type CsvValue } from '@/lib/csv';
import { UserFacingError } from '@/lib/errors';
import type { Problem } from '@/lib/schemas/api-v1';
import { HOSTILE_TEXT_MESSAGE, isHostileText } from '@/lib/schemas/text';

import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError, isDatabaseUnavailable } from '../db/breaker';
import { logger } from '../logger';
import { getRateLimits, LIMITS, type LimitName } from '../rate-limit';
import { clientIp } from '../request-ip';
import { findLiveApiKey } from './keys';

/**
 * The one wrapper of every /api/v1 route (issue #19). It owns what the contract promises on every answer:
 * - access: anonymous per address, or a key (Authorization: Bearer, or X-API-Key) per key; a bad key is a 401;
 * - the budget: RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers-08 and later:
 *   `"name";q=60;w=60` and `"name";r=57;t=42`), a refusal is 429 with Retry-After;
 * - errors as RFC 9457 problem details; ETag and If-None-Match (304); CORS open for GET, without credentials;
 * - `Accept: text/csv` or `?format=csv` for the answers that have a CSV form.
 */

export const PROBLEM_TYPES = {
  400: 'bad-request',
  401: 'unauthorized',
  404: 'not-found',
  406: 'not-acceptable',
  409: 'conflict',
  422: 'unprocessable-content',
  429: 'too-many-requests',
  500: 'server-error',
  503: 'service-unavailable',
} as const;
const PROBLEM_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  404: 'Not found',
  406: 'Not acceptable',
  409: 'Conflict',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Service unavailable',
};

/** A refusal with its status, a detail safe to show and, for bad parameters, one entry per parameter. */
export class ApiProblem extends Error {
  constructor(
    readonly status: keyof typeof PROBLEM_TYPES,
    readonly detail: string,
    readonly errors?: Problem['errors'],
  ) {
    super(detail);
  }
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After, Link',
} as const;

/** What a handler answers: the JSON body and, for lists, its CSV form and the next page's cursor. */
export type V1Answer = { body: unknown; csv?: { header: readonly string[]; rows: readonly (readonly CsvValue[])[] }; nextCursor?: string | null };

type Caller = { policy: 'anon' | 'key'; limit: LimitName; key: string };
type Budget = { policy: string; quota: number; window: number; remaining: number; resetSeconds: number; allowed: boolean };

const QUOTED_POLICY = (name: string) => `"${name}"`;

/** The budget's two headers, as the draft writes them (structured-field lists keyed by policy name). */
export function rateLimitHeaders(budget: Omit<Budget, 'allowed'>): Record<string, string> {
  return {
    'ratelimit-policy': `${QUOTED_POLICY(budget.policy)};q=${budget.quota};w=${budget.window}`,
    ratelimit: `${QUOTED_POLICY(budget.policy)};r=${budget.remaining};t=${budget.resetSeconds}`,
  };
}

/** The key a request presents: null for none; throws a 401 when the headers are malformed or disagree. */
function presentedKey(headers: Headers): string | null {
  const authorization = headers.get('authorization');
  const apiKeyHeader = headers.get('x-api-key');
  let bearer: string | null = null;
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new ApiProblem(401, 'The Authorization header must read "Bearer <API key>".');
    bearer = match[1];
  }
  const fromHeader = apiKeyHeader?.trim() ?? null;
  if (bearer !== null && fromHeader !== null && bearer !== fromHeader) throw new ApiProblem(401, 'Authorization and X-API-Key name different keys.');
  const key = bearer ?? fromHeader;
  if (key === '') throw new ApiProblem(401, 'The API key is empty.');
  return key;
}

/** Who is calling, for the budget: the key's id, or the client's address. A bad or revoked key is never anonymous. */
async function callerOf(request: Request): Promise<Caller> {
  const anonymous: Caller = { policy: 'anon', limit: 'api-anon-ip', key: clientIp(request.headers) };
  let key: string | null;
  try {
    key = presentedKey(request.headers);
  } catch (error) {
    throw Object.assign(error as ApiProblem, { caller: anonymous });
  }
  if (key === null) return anonymous;
  const found = await findLiveApiKey(key);
  if (!found) throw Object.assign(new ApiProblem(401, 'The API key is unknown or revoked.'), { caller: anonymous });
  return { policy: 'key', limit: 'api-key', key: found.id };
}

async function spend(caller: Caller): Promise<Budget> {
  const { points, duration } = LIMITS[caller.limit];
  const taken = await getRateLimits().take(caller.limit, caller.key);
  return { policy: caller.policy, quota: points, window: duration, ...taken };
}

/** A problem-details answer (RFC 9457). */
export function problemResponse(request: Request, problem: ApiProblem, headers: Record<string, string> = {}): Response {
  const body: Problem = {
    type: `/developers#problem-${PROBLEM_TYPES[problem.status]}`,
    title: PROBLEM_TITLES[problem.status],
    status: problem.status,
    detail: problem.detail,
    instance: new URL(request.url).pathname,
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...CORS_HEADERS, ...headers },
  });
}

/** Validates the query against a strict schema: unknown, repeated or bad parameters are a 400 naming each. */
export function readV1Query<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  const params = new URL(request.url).searchParams;
  const record: Record<string, string> = {};
  const errors: NonNullable<Problem['errors']> = [];
  for (const [name, value] of params) {
    if (isHostileText(name) || isHostileText(value)) errors.push({ parameter: name.slice(0, 100), detail: HOSTILE_TEXT_MESSAGE });
    else if (name in record) errors.push({ parameter: name.slice(0, 100), detail: 'is given more than once' });
    record[name] = value;
  }
  if (errors.length) throw new ApiProblem(400, `Bad query: ${errors.map((error) => `${error.parameter} ${error.detail}`).join('; ')}.`.slice(0, 1000), errors);
  const parsed = schema.safeParse(record);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) errors.push({ parameter: key.slice(0, 100), detail: 'is not a parameter of this route' });
    else errors.push({ parameter: issue.path.join('.') || '(query)', detail: issue.message });
  }
  throw new ApiProblem(400, `Bad query: ${errors.map((error) => `${error.parameter} ${error.detail}`).join('; ')}.`.slice(0, 1000), errors);
}

/** A path parameter checked by its schema; a malformed one is a 404, as an unknown one is. */
export function readV1Param<T extends z.ZodType>(value: unknown, schema: T, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiProblem(404, `No such ${what}.`);
  return parsed.data;
}

/** A query without its `format`, which chooses the answer's form, not its content (nor its cursor). */
export function withoutFormat<T extends { format?: unknown }>(query: T): Omit<T, 'format'> {
  const rest: T = { ...query };
  delete rest.format;
  return rest;
}

/** True when the client asked for CSV: `?format=csv`, or an Accept header that prefers text/csv to JSON. */
function wantsCsv(request: Request): boolean {
  const format = new URL(request.url).searchParams.get('format');
  if (format === 'csv') return true;
  if (format === 'json') return false;
  const accept = (request.headers.get('accept') ?? '').toLowerCase();
  return /(^|,)\s*text\/csv\s*(;|,|$)/.test(accept) && !/(^|,)\s*application\/json\s*(;|,|$)/.test(accept);
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** If-None-Match names this tag (or any, `*`); weak comparison, as RFC 9110 asks for it. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

type Handler<Params> = (request: Request, params: Params) => Promise<V1Answer>;

/** The preflight answer for every v1 route: GET from anywhere, with the key headers, never credentials. */
export function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-allow-headers': 'Authorization, X-API-Key, If-None-Match, Accept',
      'access-control-max-age': '86400',
    },
  });
}

/** A v1 GET route: `export const { GET, OPTIONS } = v1Route(...)`. */
export function v1Route<Params = Record<string, never>>(handler: Handler<Params>) {
  const GET = async (request: Request, context?: { params: Promise<Params> }): Promise<Response> => {
    let budgetHeaders: Record<string, string> = {};
    try {
      let caller: Caller;
      try {
        caller = await callerOf(request);
      } catch (error) {
        // A refused key still spends from its address's budget, so guessing keys is paced like any request.
        const anonymous = (error as { caller?: Caller }).caller;
        if (anonymous) budgetHeaders = rateLimitHeaders(await spend(anonymous));
        throw error;
      }
      const budget = await spend(caller);
      budgetHeaders = rateLimitHeaders(budget);
      if (!budget.allowed) {
        throw Object.assign(new ApiProblem(429, `The ${caller.policy === 'key' ? 'key' : 'anonymous'} budget of ${budget.quota} requests per ${budget.window} seconds is spent; retry after ${budget.resetSeconds} seconds.`), {
          retryAfter: budget.resetSeconds,
        });
      }
      const answer = await handler(request, (context ? await context.params : {}) as Params);
      const csv = wantsCsv(request);
      if (csv && !answer.csv) throw new ApiProblem(406, 'This route answers JSON only.');
      const text = csv ? toCsv(answer.csv!.header, answer.csv!.rows) : JSON.stringify(answer.body);
      const etag = etagOf(text);
      const headers: Record<string, string> = {
        ...CORS_HEADERS,
        ...budgetHeaders,
        etag,
        // Stored, but checked again every time (the ETag makes that cheap); the budget headers differ per caller.
        'cache-control': 'no-cache',
        vary: 'Accept, Authorization, X-API-Key',
      };
      if (answer.nextCursor) {
        const next = new URL(request.url);
        next.searchParams.set('cursor', answer.nextCursor);
        headers.link = `<${next.pathname}${next.search}>; rel="next"`;
      }
      if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
      headers['content-type'] = csv ? 'text/csv; charset=utf-8' : 'application/json';
      return new Response(text, { status: 200, headers });
    } catch (error) {
      if (error instanceof ApiProblem) {
        const retryAfter = (error as { retryAfter?: number }).retryAfter;
        return problemResponse(request, error, { ...budgetHeaders, ...(error.status === 429 ? { 'retry-after': String(retryAfter ?? 60) } : {}) });
      }
      if (error instanceof UserFacingError && error.status in PROBLEM_TYPES) return problemResponse(request, new ApiProblem(error.status as keyof typeof PROBLEM_TYPES, error.message), budgetHeaders);
      if (isDatabaseUnavailable(error)) {
        const unavailable = new ApiProblem(503, new DatabaseUnavailableError().message);
        return problemResponse(request, unavailable, { ...budgetHeaders, 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
      }
      logger.error({ err: error }, 'api v1 request failed');
      return problemResponse(request, new ApiProblem(500, 'Something went wrong on our side.'), budgetHeaders);
    }
  };
  return { GET, OPTIONS: async () => preflight() };
}
