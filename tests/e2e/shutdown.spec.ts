import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const SHUTDOWN_TIMEOUT_SECONDS = 5;

type Answer = { status: number; body: string } | { error: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A GET that reports a refused or dropped connection instead of throwing. */
function get(port: number, pathname: string, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent, timeout: 5_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** Waits until the server's health check answers 200 (a first start migrates and seeds first). */
async function healthAnswers200(port: number): Promise<void> {
  await expect
    .poll(async () => {
      const answer = await get(port, '/api/health');
      return 'status' in answer ? answer.status : answer.error;
    }, { timeout: 150_000, intervals: [500] })
    .toBe(200);
}

/** Starts the built server the way `npm start` does, on the embedded database in a folder of its own. */
function startServer(port: number, dataDir: string): { server: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      RPC_URL: '',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  return { server, exited, output: () => output };
}

test('SIGTERM: health stops answering 200, the request in flight still gets its answer, then the process exits 0 and unlocks its data', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-shutdown-'));
  const { server, exited, output } = startServer(port, dataDir);
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await healthAnswers200(port);
    // A keep-alive connection that is open and idle when the signal comes.
    expect(await get(port, '/api/health', keepAlive)).toMatchObject({ status: 200 });

    // A request in flight: its headers are in, its body arrives slowly.
    const body = JSON.stringify({ email: `shutdown-${Date.now()}@example.com` });
    const inFlight = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/forgot-password',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const inFlightAnswer = new Promise<Answer>((resolve) => {
      inFlight.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      inFlight.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    inFlight.write(body.slice(0, 5));
    await sleep(1_000);

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    await sleep(300);
    const healthOnOpenConnection = await get(port, '/api/health', keepAlive);
    const healthOnNewConnection = await get(port, '/api/health');
    inFlight.end(body.slice(5));
    const answer = await inFlightAnswer;
    const exitCode = await Promise.race([exited, sleep((SHUTDOWN_TIMEOUT_SECONDS + 10) * 1000).then(() => 'still running')]);

    for (const health of [healthOnOpenConnection, healthOnNewConnection]) {
      // The open connection is answered (503, told to close); a new one is refused.
      expect('status' in health ? String(health.status) : 'refused').toMatch(/^(503|refused)$/);
    }
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ msg: 'SUCCESS' }) });
    expect(exitCode, output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan((SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  } finally {
    keepAlive.destroy();
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A raw keep-alive connection: sends requests by hand and reads each answer, so nothing reconnects behind our back. */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffered = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (buffered += chunk));
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  return {
    isClosed: () => closed,
    close: () => socket.end(),
    /** One GET on this connection: its status line and headers, or 'closed' when the server dropped it unanswered. */
    async get(pathname: string): Promise<{ status: number; headers: string } | 'closed'> {
      buffered = '';
      if (closed) return 'closed';
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
      for (let waited = 0; waited < 10_000; waited += 20) {
        const end = buffered.indexOf('\r\n\r\n');
        const head = end < 0 ? '' : buffered.slice(0, end).toLowerCase();
        const length = /content-length: (\d+)/.exec(head)?.[1];
        const whole = length !== undefined ? buffered.length >= end + 4 + Number(length) : /transfer-encoding: chunked/.test(head) && buffered.endsWith('\r\n0\r\n\r\n');
        if (end >= 0 && whole) return { status: Number(head.split(' ')[1]), headers: head };
        if (closed) return 'closed';
        await sleep(20);
      }
      return 'closed';
    },
  };
}

test('keep-alive: an idle connection outlives 5 s, and a draining server answers on it instead of closing it under the client', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-shutdown-'));
  const { server, exited, output } = startServer(port, dataDir);
  try {
    await healthAnswers200(port);
    const idle = await rawConnection(port);
    const other = await rawConnection(port);
    expect(await idle.get('/api/health')).toMatchObject({ status: 200 });
    expect(await other.get('/api/health')).toMatchObject({ status: 200 });
    // Past Node's default 5 s keep-alive: a client reusing the connection now must not meet a reset.
    await sleep(6_000);
    expect(await idle.get('/api/health')).toMatchObject({ status: 200 });

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    await sleep(500);
    // The idle connection is still open: a request a proxy sends on it now is answered (and told to close), not lost.
    expect(idle.isClosed()).toBe(false);
    const onIdle = await idle.get('/api/health');
    expect(onIdle).toMatchObject({ status: 503 });
    expect(onIdle !== 'closed' && onIdle.headers).toContain('connection: close');
    await expect.poll(() => idle.isClosed(), { timeout: 2_000 }).toBe(true);
    // New connections are refused: a proxy retries those elsewhere, whatever the method.
    expect(await get(port, '/api/health')).toEqual({ error: 'ECONNREFUSED' });

    // The drain ends as soon as the client closes its last idle connection, well before the deadline.
    await sleep(1_000);
    expect(server.exitCode).toBeNull();
    other.close();
    expect(await Promise.race([exited, sleep((SHUTDOWN_TIMEOUT_SECONDS + 10) * 1000).then(() => 'still running')]), output()).toBe(0);
    expect(output()).not.toMatch(/still open at the deadline/);
    expect(Date.now() - signalledAt).toBeLessThan((SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000);
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
