import 'server-only';

import { NextResponse } from 'next/server';
import type { z } from '@/lib/zod';

import { UserFacingError } from '@/lib/errors';
import { findHostileText, HOSTILE_TEXT_MESSAGE } from '@/lib/schemas/text';

import { AuthException } from './auth/errors';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError, isDatabaseUnavailable } from './db/breaker';
import { logger } from './logger';
import { getSessionUser, type SessionUser } from './session';
import { requireStaff, type StaffContext } from './staff/access';
import type { StaffPermission } from './staff/permissions';

/** Bodies larger than this are refused before parsing. */
const MAX_BODY_BYTES = 64 * 1024;

export class BadRequest extends Error {
  status = 400;
}

export const jsonError = (error: string, status: number, extra: Record<string, unknown> = {}) =>
  NextResponse.json({ error, ...extra }, { status, headers: { 'cache-control': 'no-store' } });

/** A zod failure as one readable line: "email: Invalid email.; password: password is required". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MEDIA_PARAMETER = new RegExp(`^${TOKEN}=(${TOKEN}|"[^"\\\\]*")$`, 'i');

/**
 * True when a Content-Type header names exactly `type`, optionally with well-formed parameters
 * (`application/json; charset=utf-8`); `text/plain; application/json` names text/plain and is false.
 */
export function hasMediaType(header: string | null, type: string): boolean {
  if (!header) return false;
  const [essence, ...parameters] = header.split(';').map((part) => part.trim());
  if (essence.toLowerCase() !== type) return false;
  return parameters.every((parameter) => {
    if (!MEDIA_PARAMETER.test(parameter)) return false;
    const [name, value] = parameter.split('=');
    // JSON is UTF-8 (RFC 8259); a body declared in another charset would be read wrongly.
    return name.toLowerCase() !== 'charset' || /^"?utf-8"?$/i.test(value);
  });
}

/** Bytes as UTF-8 text; broken UTF-8 is a BadRequest, never silently replaced. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequest('The request body is not valid UTF-8.');
  }
}

/** Refuses (400) a parsed body or query holding NUL, another control character or broken UTF-8 anywhere (lib/schemas/text.ts). */
export function refuseHostileText(value: unknown): void {
  const where = findHostileText(value);
  if (where) throw new BadRequest(`${where}: ${HOSTILE_TEXT_MESSAGE}.`);
}

/** Reads and validates a JSON body of at most 64 kB; throws BadRequest (or 413 past the limit) with a clear message. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (!hasMediaType(request.headers.get('content-type'), 'application/json')) throw new BadRequest('Send a JSON body with content-type application/json.');
  const text = decodeUtf8(await readBytes(request, MAX_BODY_BYTES));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
  refuseHostileText(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BadRequest(describeIssues(parsed.error));
  return parsed.data;
}

/** Seconds a client should wait after a 429 when the refusal does not say: a minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** A 429 carries Retry-After (seconds): the refusal's own wait when it knows it. */
function withRetryAfter(response: NextResponse, error: { retryAfterSeconds?: number | null }): NextResponse {
  if (response.status === 429) response.headers.set('retry-after', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
  return response;
}

/** Turns what a handler threw into the contract's `{ error }` reply; unexpected faults are logged and stay vague. */
export function errorResponse(error: unknown): NextResponse {
  if (error instanceof BadRequest) return jsonError(error.message, 400);
  if (error instanceof AuthException) return withRetryAfter(jsonError(error.exception, error.status), error);
  if (error instanceof UserFacingError) return withRetryAfter(jsonError(error.message, error.status), error as { retryAfterSeconds?: number });
  if (isDatabaseUnavailable(error)) {
    const response = jsonError(new DatabaseUnavailableError().message, 503);
    response.headers.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return response;
  }
  logger.error({ err: error }, 'request failed');
  return jsonError('UnknownException', 500);
}

/**
 * Validates query parameters; throws BadRequest with a clear message. A parameter holding hostile text (NUL, a
 * control character, broken UTF-8) is refused, or, for a filter whose answer must stay a list (`dropHostile`: the
 * search box's keyword), dropped as if it had not been sent.
 */
export function readQuery<T extends z.ZodType>(request: Request, schema: T, options: { dropHostile?: boolean } = {}): z.output<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  if (options.dropHostile) for (const [name, value] of Object.entries(params)) if (findHostileText(value)) delete params[name];
  refuseHostileText(params);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new BadRequest(describeIssues(parsed.error));
  return parsed.data;
}

type RouteHandler<Context> = (request: Request, context: Context) => Promise<Response>;
/** What Next calls; the context (a dynamic route's params) is left out by callers of static routes, tests included. */
type ExportedHandler<Context> = (request: Request, context?: Context) => Promise<Response>;

/**
 * A route handler whose failures all take the contract's shape: a bad input, a refusal or a limit becomes its 4xx
 * `{ error }` reply; anything unexpected is logged and answered as a vague 500 (errorResponse).
 */
export function route<Context = unknown>(handler: RouteHandler<Context>): ExportedHandler<Context> {
  return async (request, context) => {
    try {
      return await handler(request, context as Context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** A route handler for signed-in users only: anyone else gets 401 before the handler runs. */
export function signedInRoute<Context = unknown>(handler: (request: Request, user: SessionUser, context: Context) => Promise<Response>): ExportedHandler<Context> {
  return route<Context>(async (request, context) => {
    const user = await getSessionUser();
    if (!user) return jsonError('Not signed in.', 401);
    return handler(request, user, context);
  });
}

/** A staff route: anyone but a verified member holding `permission` gets 404 before the handler runs. */
export function staffRoute<Context = unknown>(permission: StaffPermission, handler: (request: Request, staff: StaffContext, context: Context) => Promise<Response>): ExportedHandler<Context> {
  return route<Context>(async (request, context) => handler(request, await requireStaff(permission), context));
}

/**
 * Reads a raw body of at most `maxBytes` from the stream, refusing a larger one with 413 before more than the
 * limit is read, whether or not it declared its length (a chunked body does not).
 */
export async function readBytes(request: Request, maxBytes: number, tooLarge = 'The request body is too large.'): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw new UserFacingError(tooLarge, 413);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new UserFacingError(tooLarge, 413);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
