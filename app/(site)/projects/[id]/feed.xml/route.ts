import { alertsAtomFeed, atomResponse } from '@/server/feeds';

export const dynamic = 'force-dynamic';

/** The Atom feed of one project's published alerts; 404 for an unknown or hidden project. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const xml = await alertsAtomFeed((await params).id);
  return xml ? atomResponse(xml) : new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
