import { NextResponse } from 'next/server';

import { pingDatabase } from '@/server/db/client';

export const dynamic = 'force-dynamic';

/** 200 when the database answers, 503 when it does not: for load balancers and uptime checks. */
export async function GET() {
  const database = await pingDatabase();
  return NextResponse.json(
    { status: database ? 'ok' : 'unavailable', database: database ? 'up' : 'down' },
    { status: database ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
