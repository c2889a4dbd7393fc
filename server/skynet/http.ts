import 'server-only';

import { NextResponse } from 'next/server';

/** Skynet answers change at most once per index pass: shared caches may keep them briefly. */
export const skynetJson = (body: unknown) => NextResponse.json(body, { headers: { 'cache-control': 'public, max-age=10, stale-while-revalidate=30' } });
