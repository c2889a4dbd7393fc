import { NextResponse } from 'next/server';
import { z } from '@/lib/zod';

import { readQuery, route } from '@/server/api';
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH, unsubscribeFromAlertMail } from '@/server/alert-mail';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * The List-Unsubscribe address of alert mails (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` here and
 * alert mails stop, no sign-in needed; a token we did not sign is a 404 and changes nothing.
 */
export const POST = route(async (request) => {
  const { token } = readQuery(request, tokenQuery);
  await unsubscribeFromAlertMail(token);
  return NextResponse.json({ unsubscribed: true }, { headers: { 'cache-control': 'no-store' } });
});

/** A GET (a person or a link scanner) changes nothing: it goes to the page that asks first. */
export const GET = route(async (request) => {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH);
  return NextResponse.redirect(url, 303);
});
