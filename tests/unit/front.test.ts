import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BODY_LIMITS } from '@/lib/body-limits.mjs';

/*
 * The HTTP front of scripts/start.mjs (scripts/front.mjs), run as start.mjs runs it: a worker thread holding the
 * public port, passing requests to an app on a private socket. The app here is a small server in a process of its
 * own that echoes what reached it, and can keep its thread busy on demand (/block?ms=…), as a render under load does,
 * or answer with a given Cache-Control (/shared?cc=…). It also tells the test of every request it sees and how much of
 * its body arrived (whole, or cut off), so a test can tell what the front kept from it.
 */

const APP = `
const http = require('node:http');
let answered = 0;
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://app');
  let bytes = 0;
  process.send({ url: req.url, seen: 'request' });
  req.on('data', (chunk) => (bytes += Buffer.byteLength(chunk)));
  req.once('close', () => process.send({ url: req.url, seen: req.complete ? 'whole body' : 'cut off', bytes }));
  if (url.pathname === '/block') { const end = Date.now() + Number(url.searchParams.get('ms')); while (Date.now() < end); }
  // /shared?cc=…: an answer with that Cache-Control and no cookie, numbered, so a test sees which ones reached the app.
  if (url.pathname === '/shared') {
    answered += 1;
    res.setHeader('cache-control', url.searchParams.get('cc'));
    res.end('answer ' + answered);
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    res.setHeader('set-cookie', ['first=1; Path=/', 'second=2; Path=/']);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: req.method, url: req.url, host: req.headers.host, forwardedFor: req.headers['x-forwarded-for'], body }));
  });
});
server.keepAliveTimeout = 0;
server.listen(process.argv[1], () => process.send('ready'));
`;

const gate = (maxInFlight: number, maxWaitMs = 2000) => ({ maxInFlight, maxQueued: 16, maxWaitMs });

type Front = { port: number; worker: Worker; messages: Array<{ type: string }>; stop: () => Promise<number> };
/** What the app told of one request: that it arrived, then whether its body came whole or was cut off. */
type Seen = { url: string; seen: 'request' | 'whole body' | 'cut off'; bytes?: number };

async function startFront(appSocket: string, costly = gate(4)): Promise<Front> {
  const worker = new Worker(pathToFileURL(path.resolve('scripts/front.mjs')), {
    workerData: { port: 0, hostname: '127.0.0.1', appSocket, cheapPaths: ['/api/health'], bodyLimits: BODY_LIMITS, keepAliveTimeoutMs: 65_000, costly, cheap: gate(4) },
    stdout: true,
    stderr: true,
  });
  const messages: Array<{ type: string; port?: number }> = [];
  worker.on('message', (message) => messages.push(message));
  const listening = new Promise<{ port: number }>((resolve, reject) => {
    worker.on('message', (message) => message.type === 'listening' && resolve(message));
    worker.once('error', reject);
  });
  worker.postMessage({ type: 'listen' });
  const { port } = await listening;
  return { port, worker, messages, stop: () => worker.terminate() };
}

/** One request, its status, headers and body; a refused or dropped connection as `error`. */
function request(port: number, pathname: string, options: { method?: string; body?: string; headers?: http.OutgoingHttpHeaders; agent?: http.Agent | false } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string }>((resolve) => {
    const outgoing = http.request({ host: '127.0.0.1', port, path: pathname, method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    outgoing.end(options.body);
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request that declares a body of `declaredBytes` and sends none of it: the answer (or the connection's end) as it
 * comes while the body is still owed, whether a 100 Continue was heard, or `timeout` when nothing came within 2 s.
 */
function declareOnly(port: number, pathname: string, declaredBytes: number, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<(Answer | { error: string }) & { continued: boolean }>((resolve) => {
    let continued = false;
    const outgoing = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': declaredBytes, ...headers }, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    const timer = setTimeout(() => done({ error: 'timeout' }), 2000);
    function done(result: Answer | { error: string }) {
      clearTimeout(timer);
      outgoing.destroy();
      resolve({ ...result, continued });
    }
    outgoing.on('continue', () => (continued = true));
    outgoing.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    outgoing.flushHeaders();
  });
}

/** A chunked body (no length declared) of up to `totalBytes`, written as fast as the front takes it, until an answer comes. */
function streamChunked(port: number, pathname: string, totalBytes: number) {
  return new Promise<Answer | { error: string }>((resolve) => {
    let answered = false;
    let settled = false;
    const settle = (result: Answer | { error: string }) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const outgoing = http.request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { 'content-type': 'application/octet-stream' }, agent: false }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => settle({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    const chunk = Buffer.alloc(16 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (!answered && !outgoing.destroyed && sent < totalBytes) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      if (!answered && !outgoing.destroyed) outgoing.end();
    };
    pump();
  });
}

const TOO_LARGE = { error: 'The request body is too large.' };

let folder: string;
let appSocket: string;
let app: ChildProcess;
const seen: Seen[] = [];
/** What the app told of requests to `url`, in order. */
const seenOf = (url: string) => seen.filter((entry) => entry.url === url).map(({ seen: what, bytes }) => (bytes === undefined ? what : { [what]: bytes }));

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-front-'));
  appSocket = path.join(folder, 'app.sock');
  app = spawn(process.execPath, ['-e', APP, appSocket], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve) => app.once('message', resolve));
  app.on('message', (message: Seen) => seen.push(message));
});

afterAll(() => {
  app.kill();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('the HTTP front (scripts/front.mjs)', () => {
  it('passes a request to the app as it came, the client address appended, and the whole answer back', async () => {
    const front = await startFront(appSocket);
    try {
      const answer = await request(front.port, '/echo?x=1', {
        method: 'POST',
        body: 'hello app',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': '203.0.113.9', host: 'shield.example' },
      });
      if ('error' in answer) throw new Error(answer.error);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ method: 'POST', url: '/echo?x=1', host: 'shield.example', forwardedFor: '203.0.113.9, 127.0.0.1', body: 'hello app' });
      // Both cookies, not one: a header the app sends twice reaches the client twice.
      expect(answer.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2; Path=/']);
    } finally {
      await front.stop();
    }
  });

  it('refuses at once with 503 and Retry-After what cannot start in time, while the app is busy', async () => {
    const front = await startFront(appSocket, gate(1, 200));
    try {
      const settled: string[] = [];
      const busy = request(front.port, '/block?ms=1500').then((answer) => (settled.push('busy'), answer));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await request(front.port, '/page', { headers: { accept: 'text/html' } });
      settled.push('refused');
      expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': '2' } });
      expect((await busy) as { status: number }).toMatchObject({ status: 200 });
      expect(settled).toEqual(['refused', 'busy']);
    } finally {
      await front.stop();
    }
  });

  it('on drain, refuses new connections, tells open ones to close, and reports drained once the client closed them', async () => {
    const front = await startFront(appSocket);
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await request(front.port, '/before', { agent: keepAlive })).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });
      front.worker.postMessage({ type: 'drain', signal: 'SIGTERM', deadline: Date.now() + 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await request(front.port, '/new')).toEqual({ error: 'ECONNREFUSED' });
      expect(front.messages.map((message) => message.type)).not.toContain('drained');
      // The open connection is answered, told to close, and the client closes it: the drain is over.
      expect(await request(front.port, '/after', { agent: keepAlive })).toMatchObject({ status: 200, headers: { connection: 'close' } });
      await expect.poll(() => front.messages.map((message) => message.type), { timeout: 5_000 }).toContain('drained');
    } finally {
      keepAlive.destroy();
      await front.stop();
    }
  });

  it('answers a shared answer from its one-second copy, and drops every copy when told that cached data changed', async () => {
    const front = await startFront(appSocket);
    const body = async (pathname: string, headers?: http.OutgoingHttpHeaders) => {
      const answer = await request(front.port, pathname, { headers });
      if ('error' in answer) throw new Error(answer.error);
      return answer.body;
    };
    try {
      const page = '/shared?cc=s-maxage%3D60';
      const first = await body(page);
      expect(await body(page)).toBe(first);
      // Another encoding is another copy; a router request always reaches the app.
      expect(await body(page, { 'accept-encoding': 'gzip' })).not.toBe(first);
      expect(await body(page, { rsc: '1' })).not.toBe(first);
      front.worker.postMessage({ type: 'forget-copies' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const afterChange = await body(page);
      expect(afterChange).not.toBe(first);
      // With no copy left of a page shared a moment ago, visitors arriving together cost the app one request.
      front.worker.postMessage({ type: 'forget-copies' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const together = await Promise.all(Array.from({ length: 5 }, () => body(page)));
      expect(new Set(together).size).toBe(1);
      expect(together[0]).not.toBe(afterChange);
      // A second later the copy has expired: the next request still gets it, and has the app asked for a fresh one.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await body(page)).toBe(together[0]);
      await expect.poll(() => body(page), { timeout: 2000 }).not.toBe(together[0]);
    } finally {
      await front.stop();
    }
  });

  it('never answers from a copy what is private, uncacheable or unmarked', async () => {
    const front = await startFront(appSocket);
    try {
      for (const cacheControl of ['private, max-age=60', 'no-store', 'public, no-cache', '']) {
        const page = `/shared?cc=${encodeURIComponent(cacheControl)}`;
        const bodyOf = (answer: Awaited<ReturnType<typeof request>>) => ('body' in answer ? answer.body : answer.error);
        const first = bodyOf(await request(front.port, page));
        expect(bodyOf(await request(front.port, page)), cacheControl).not.toBe(first);
      }
    } finally {
      await front.stop();
    }
  });

  it('refuses at once with 413, the app never asked, a body declared larger than its path allows', async () => {
    const front = await startFront(appSocket);
    try {
      // A JSON route, an Auth.js one and a page (where server actions post) each with a 2 MB body: none is read.
      for (const pathname of ['/api/watchlist/create?case=declared', '/api/auth/callback/credentials?case=declared', '/projects/p1?case=declared']) {
        const answer = await declareOnly(front.port, pathname, 2 * 1024 * 1024);
        expect(answer, pathname).toMatchObject({ status: 413, headers: { 'content-type': 'application/json', connection: 'close' } });
        expect(JSON.parse((answer as Answer).body)).toEqual(TOO_LARGE);
      }
      // A client that sends its body straight away still reads the 413, rather than a reset connection.
      const sent = await request(front.port, '/api/watchlist/create?case=declared', { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } });
      expect(sent).toMatchObject({ status: 413, headers: { connection: 'close' } });
      // One byte over the /api cap is refused too; a client that asks first (Expect: 100-continue) hears no Continue.
      expect(await declareOnly(front.port, '/api/watchlist/update?case=declared', BODY_LIMITS.api + 1)).toMatchObject({ status: 413 });
      expect(await declareOnly(front.port, '/api/user/avatar?case=declared', 2 * 1024 * 1024, { expect: '100-continue' })).toMatchObject({ status: 413, continued: false });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen.filter((entry) => entry.url.endsWith('case=declared'))).toEqual([]);
    } finally {
      await front.stop();
    }
  });

  it('cuts off a chunked body once it streams past its path\'s cap: the client reads 413, the app never gets it whole', async () => {
    const front = await startFront(appSocket);
    try {
      const url = '/api/watchlist/update?case=chunked';
      const answer = await streamChunked(front.port, url, 1024 * 1024);
      expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } });
      expect(JSON.parse((answer as Answer).body)).toEqual(TOO_LARGE);
      await expect.poll(() => seenOf(url).length).toBe(2);
      const [arrived, end] = seenOf(url);
      expect(arrived).toBe('request');
      expect(Object.keys(end)).toEqual(['cut off']);
      expect(Object.values(end)[0]).toBeLessThanOrEqual(BODY_LIMITS.api);
    } finally {
      await front.stop();
    }
  });

  it('passes a 5 MB staff upload, declared or chunked, to the app whole, and a body at the /api cap too', async () => {
    const front = await startFront(appSocket);
    try {
      const upload = 'x'.repeat(5 * 1024 * 1024);
      const declared = await request(front.port, '/api/staff/files?kind=report&case=declared-upload', { method: 'POST', body: upload, headers: { 'content-type': 'application/pdf' } });
      expect(declared).toMatchObject({ status: 200 });
      expect(JSON.parse((declared as Answer).body).body).toHaveLength(upload.length);
      expect(await streamChunked(front.port, '/api/staff/files?kind=report&case=chunked-upload', upload.length)).toMatchObject({ status: 200 });
      const atCap = 'x'.repeat(BODY_LIMITS.api);
      expect(await request(front.port, '/api/watchlist/update?case=at-cap', { method: 'POST', body: atCap })).toMatchObject({ status: 200 });
      await expect.poll(() => seenOf('/api/staff/files?kind=report&case=declared-upload')).toEqual(['request', { 'whole body': upload.length }]);
      await expect.poll(() => seenOf('/api/staff/files?kind=report&case=chunked-upload')).toEqual(['request', { 'whole body': upload.length }]);
      await expect.poll(() => seenOf('/api/watchlist/update?case=at-cap')).toEqual(['request', { 'whole body': atCap.length }]);
    } finally {
      await front.stop();
    }
  });

  it('passes a small JSON body to a JSON route as it came', async () => {
    const front = await startFront(appSocket);
    try {
      const body = JSON.stringify({ name: 'DeFi blue chips' });
      const answer = await request(front.port, '/api/watchlist/create', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(answer).toMatchObject({ status: 200 });
      expect(JSON.parse((answer as Answer).body)).toMatchObject({ method: 'POST', url: '/api/watchlist/create', body });
    } finally {
      await front.stop();
    }
  });

  it('answers 400 for a path whose percent-encoding is not UTF-8, before the app is asked (Next answered 500: #42)', async () => {
    const front = await startFront(appSocket);
    try {
      for (const pathname of ['/projects/%FF?case=bad-path', '/api/v1/projects/%ED%A0%80?case=bad-path', '/badge/%C3%28.svg?case=bad-path']) {
        const answer = await request(front.port, pathname);
        expect(answer, pathname).toMatchObject({ status: 400, headers: { 'content-type': 'application/json' } });
        expect(JSON.parse((answer as Answer).body)).toEqual({ error: 'The request path is not valid UTF-8.' });
      }
      // Valid encodings pass as they are: a space, an accent, an emoji.
      expect(await request(front.port, '/projects/a%20b%C3%A9%F0%9F%A6%84?case=good-path')).toMatchObject({ status: 200 });
      expect(seen.filter((entry) => entry.url.endsWith('case=bad-path'))).toEqual([]);
    } finally {
      await front.stop();
    }
  });

  it('answers 502 when the app cannot be reached', async () => {
    const front = await startFront(path.join(folder, 'nobody-here.sock'));
    try {
      expect(await request(front.port, '/')).toMatchObject({ status: 502 });
    } finally {
      await front.stop();
    }
  });
});
