import { NextResponse } from 'next/server';

import type { Health } from '@/lib/schemas/api';
import { pingDatabase } from '@/server/db/client';
import { isDraining } from '@/server/lifecycle';

export const dynamic = 'force-dynamic';

/** Seconds a load balancer should wait before asking a draining instance again (by then it is gone). */
const DRAINING_RETRY_AFTER_SECONDS = 30;

/**
 * 200 when the database answers, 503 when it does not (within 2 s) or when the instance is shutting down:
 * for load balancers and uptime checks.
 */
export async function GET() {
  if (isDraining()) {
    return NextResponse.json(
      { status: 'draining', database: 'unknown' } satisfies Health,
      { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': String(DRAINING_RETRY_AFTER_SECONDS) } },
    );
  }
  const database = await pingDatabase();
  return NextResponse.json(
    { status: database ? 'ok' : 'unavailable', database: database ? 'up' : 'down' } satisfies Health,
    { status: database ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
