import { NextResponse } from 'next/server';
import { z } from '@/lib/zod';

import { decodeUtf8, hasMediaType, jsonError, readBytes, refuseHostileText, route } from '@/server/api';
import { logger } from '@/server/logger';
import { getRateLimits } from '@/server/rate-limit';
import { clientIp } from '@/server/request-ip';

/** A beacon is a code and a short message; anything longer is refused (413) before it is all read. */
const MAX_BEACON_BYTES = 8192;

/**
 * Anyone may send a beacon, so what it says is a browser's claim, not the server's fault: its own logger name, and
 * at most warn level, so a stranger's beacons never read as (or page an operator like) the server's own errors.
 */
const beaconLogger = () => logger.child({ name: 'client-beacon', source: 'client' });

const beaconSchema = z.object({
  level: z.enum(['error', 'warn', 'debug']).default('error'),
  code: z.string().max(100).default('CLIENT'),
  message: z.string().max(2000).default(''),
});

/** The client's log beacon (`/api/auth/_log`): auth problems seen in the browser, logged on the server. */
export const POST = route(async (request) => {
  // Before the body is read: a flood costs one counter and never reaches the log.
  await getRateLimits().consumeOrRefuse('client-log-ip', clientIp(request.headers), 'Too many log reports from your address. Please try again later.');
  const text = decodeUtf8(await readBytes(request, MAX_BEACON_BYTES));
  let raw: unknown;
  try {
    raw = hasMediaType(request.headers.get('content-type'), 'application/json') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
  } catch {
    return jsonError('The request body is not valid JSON.', 400);
  }
  refuseHostileText(raw);
  const parsed = beaconSchema.safeParse(raw);
  if (!parsed.success) return jsonError('Send level, code and message.', 400);
  const { level, code, message } = parsed.data;
  beaconLogger()[level === 'debug' ? 'debug' : 'warn']({ code, reportedLevel: level }, message || code);
  return NextResponse.json({ ok: true });
});
