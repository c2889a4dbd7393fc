import { NextRequest } from 'next/server';

import { errorResponse, readBytes } from '@/server/api';
import { handlers } from '@/server/auth';

/** Auth.js's forms (sign-in, sign-out, session update) are a few short fields; this leaves plenty of room. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

export const { GET } = handlers;

/** Auth.js reads its own body whole, so it gets a copy read with a limit (413 past it, chunked or not). */
export async function POST(request: NextRequest) {
  let body: Uint8Array;
  try {
    body = await readBytes(request, MAX_AUTH_BODY_BYTES);
  } catch (error) {
    return errorResponse(error);
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return handlers.POST(new NextRequest(request.url, { method: 'POST', headers, body: body as BodyInit }));
}
