import { NextResponse } from 'next/server';

import { openApiDocument } from '@/server/openapi';

/** The machine-readable description of the HTTP API. */
export function GET() {
  return NextResponse.json(openApiDocument, { headers: { 'cache-control': 'public, max-age=3600' } });
}
