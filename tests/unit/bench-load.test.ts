import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { run, SATURATION_CLIENT } from '../../scripts/bench/load.mjs';

// The bench's saturation client (wrk where installed, as in CI; undici otherwise) against a plain server that counts
// what it is asked: the figures the report prints must be the server's own counts.
describe(`the bench's saturation run (${SATURATION_CLIENT.split(' ')[0]})`, () => {
  const asked = new Map<string, number>();
  const headersSeen: http.IncomingHttpHeaders[] = [];
  let server: http.Server;
  let origin = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.set(req.url ?? '', (asked.get(req.url ?? '') ?? 0) + 1);
      if (headersSeen.length < 5) headersSeen.push(req.headers);
      if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(2_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('rotates over the paths, counts what was answered and which answers were errors', async () => {
    const result = await run({ origin, paths: ['/a', '/b', '/missing'], connections: 4, duration: 1, title: 'test' });
    const answered = [...asked.values()].reduce((sum, count) => sum + count, 0);
    expect(result.completed).toBeGreaterThan(100);
    // The client stops with some requests sent and not yet answered: it never counts more than the server answered.
    expect(result.completed).toBeLessThanOrEqual(answered);
    expect(answered - result.completed).toBeLessThanOrEqual(4);
    for (const pathname of ['/a', '/b', '/missing']) expect(asked.get(pathname)).toBeGreaterThan(result.completed / 4);
    expect(result.non2xx).toBeGreaterThan(result.completed / 4);
    expect(result.non2xx).toBeLessThanOrEqual(asked.get('/missing') ?? 0);
    expect(result.ok + result.non2xx).toBe(result.completed);
    expect(result.errors).toBe(0);
    expect(result.requestsPerSecond).toBeCloseTo(result.completed / result.durationSeconds, 5);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p50).toBeLessThanOrEqual(result.p99);
    expect(result.p99).toBeLessThanOrEqual(result.max);
    // As a browser asks: compressed answers welcome.
    expect(headersSeen[0]['accept-encoding']).toBe('gzip, deflate, br');
  });
});
