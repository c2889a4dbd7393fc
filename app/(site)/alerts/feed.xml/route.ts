import { alertsAtomFeed, atomResponse } from '@/server/feeds';

export const dynamic = 'force-dynamic';

/** The Atom feed of every published alert. */
export async function GET() {
  return atomResponse((await alertsAtomFeed())!);
}
