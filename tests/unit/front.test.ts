import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The HTTP front of scripts/start.mjs (scripts/front.mjs), run as start.mjs runs it: a worker thread holding the
 * public port, passing requests to an app on a private socket. The app here is a small server in a process of its
 * own that echoes what reached it, and can keep its thread busy on demand (/block?ms=…), as a render under load does,
 * or answer with a given Cache-Control (/shared?cc=…).
 */

const APP = `
const http = require('node:http');
let answered = 0;
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://app');
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

async function startFront(appSocket: string, costly = gate(4)): Promise<Front> {
  const worker = new Worker(pathToFileURL(path.resolve('scripts/front.mjs')), {
    workerData: { port: 0, hostname: '127.0.0.1', appSocket, cheapPaths: ['/api/health'], keepAliveTimeoutMs: 65_000, costly, cheap: gate(4) },
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

let folder: string;
let appSocket: string;
let app: ChildProcess;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-front-'));
  appSocket = path.join(folder, 'app.sock');
  app = spawn(process.execPath, ['-e', APP, appSocket], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve) => app.once('message', resolve));
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

  it('answers 502 when the app cannot be reached', async () => {
    const front = await startFront(path.join(folder, 'nobody-here.sock'));
    try {
      expect(await request(front.port, '/')).toMatchObject({ status: 502 });
    } finally {
      await front.stop();
    }
  });
});
