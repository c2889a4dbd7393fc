import { readOperatorMetrics } from '@/server/skynet/operator-metrics';

// Read at every scrape; never prerendered or cached.
export const dynamic = 'force-dynamic';

const NOT_FOUND_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

/** Prometheus' scrape of Skynet's figures, for operators only (server/skynet/operator-metrics.ts); anyone else gets a 404, not a 401 or 403 that would say something is here. */
export async function GET(request: Request) {
  const metrics = await readOperatorMetrics(request.headers);
  if (!metrics) return new Response('Not found', { status: 404, headers: NOT_FOUND_HEADERS });
  return new Response(metrics.body, { headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' } });
}
