// The HTTP front of scripts/start.mjs, in a worker thread of its own: it holds the public port and every client
// connection, queues requests fairly (scripts/admission.mjs) and passes each one admitted to the app, which listens
// on a private socket in the main thread.
//
// Why a thread of its own: Node accepts at most one new connection per turn of its event loop, and while the app
// renders under overload a turn lasts as long as all the work it found. A new connection then waited in the kernel's
// queue for seconds (10–15 s at 200 connections, the first request of each connection), however short the app's own
// queue. This thread does little but copy bytes, so its turns stay short: it accepts at once, the app sees only the
// few connections this thread keeps open to it, and what cannot start in time is refused fast with a 503.
//
// Shared answers (cached pages, public API answers) are answered from one-second copies kept here
// (scripts/front-copies.mjs), without a turn in the queue or in the app's thread; an expired copy is refreshed in the
// background.
//
// Request bodies are capped by path (lib/body-limits.mjs, passed in by scripts/start.mjs): one declared larger than
// its path's cap is refused with 413 before a byte of it reaches the app, one that streams past it (chunked) is cut
// off, the app's request aborted; so no path but the uploads' has the app buffer more than its own small limit.
//
// Messages: the main thread sends { type: 'listen' } once the app is ready, { type: 'drain', deadline } on SIGTERM
// and { type: 'forget-copies' } when cached data changed; this thread answers { type: 'listening', port },
// { type: 'listen-error', message } and { type: 'drained' }.
import http from 'node:http';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

import { cheapRequestMatcher, createFrontAdmission, refuseBusy } from './admission.mjs';
import { createSharedCopies } from './front-copies.mjs';

/** @type {{ port: number, hostname: string, appSocket: string, cheapPaths: string[], bodyLimits: import('../lib/body-limits.mjs').BodyLimits, keepAliveTimeoutMs: number, costly: { maxInFlight: number, maxQueued: number, maxWaitMs: number }, cheap: { maxInFlight: number, maxQueued: number, maxWaitMs: number } }} */
const options = workerData;

// Overload: at most `costly.maxInFlight` renders (`cheap.maxInFlight` cheap answers) run at once, the next ones
// wait in arrival order (bounded in number and time), and what cannot start in time gets a 503 with Retry-After.
const admission = createFrontAdmission({ costly: options.costly, cheap: options.cheap, isCheap: cheapRequestMatcher(options.cheapPaths) });

// One kept-alive connection to the app per request it may run at once: the app never has more to serve, and they
// stay open (the app's side never times them out), so none is closed under a request being sent on it.
const toApp = new http.Agent({ keepAlive: true, maxSockets: options.costly.maxInFlight + options.cheap.maxInFlight });

const sharedCopies = createSharedCopies();

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not passed on; `expect` is answered here.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

/** A raw header list ([name, value, name, value, …]) without the hop-by-hop ones, duplicates (Set-Cookie) kept. */
function endToEnd(rawHeaders) {
  const kept = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[index].toLowerCase())) kept.push(rawHeaders[index], rawHeaders[index + 1]);
  }
  return kept;
}

let draining = false;
const openResponses = new Set();

/** The request's headers as the app gets them: end-to-end ones only, X-Forwarded-For with the client's address. */
function headersForApp(req, forwardedFor) {
  const headers = endToEnd(req.rawHeaders);
  if (forwardedFor) replaceRawHeader(headers, 'x-forwarded-for', forwardedFor);
  return headers;
}

/** The most bytes the request's body may have on its path (lib/body-limits.mjs): its own entry, else a default. */
function bodyLimitOf(req) {
  const { paths, api, other } = options.bodyLimits;
  let pathname = (req.url ?? '/').split(/[?#]/, 1)[0];
  try {
    // As the app routes it: `/%61pi/…` is /api/…; decodeURI leaves an encoded `/` as it is, as the router does.
    pathname = decodeURI(pathname);
  } catch {
    // Not valid percent-encoding: the path as sent, which the app will not route anywhere better.
  }
  if (Object.hasOwn(paths, pathname)) return paths[pathname];
  return pathname === '/api' || pathname.startsWith('/api/') ? api : other;
}

/** True when the request says up front that its body is larger than its path's cap. */
const declaresTooLarge = (req, limit) => Number(req.headers['content-length'] ?? 0) > limit;

const TOO_LARGE = JSON.stringify({ error: 'The request body is too large.' });

/**
 * How long a client may go on sending a refused body, thrown away, before its connection closes. Closed at once, a
 * connection still receiving is reset, and a client (or nginx, which sends a whole buffered body) writing into it
 * gets EPIPE before it reads the 413: almost always, for a body sent in one go. Bounded, so a slow sender holds no
 * connection for long.
 */
const REFUSED_BODY_LINGER_MS = 5000;

/**
 * 413, and the connection closes after it. The whole answer goes out at once; what the client still sends of its
 * body is read and thrown away, never kept or passed on, until it ends or REFUSED_BODY_LINGER_MS is up.
 */
function refuseTooLarge(req, res) {
  res.shouldKeepAlive = false;
  res.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(TOO_LARGE), 'cache-control': 'no-store', connection: 'close' });
  if (req.method !== 'HEAD') res.write(TOO_LARGE);
  // Ending the answer closes the connection (Connection: close), so it ends once the body is over.
  const close = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(close, REFUSED_BODY_LINGER_MS);
  res.once('close', () => clearTimeout(timer));
  if (req.readableEnded) return close();
  req.once('end', close);
  req.resume();
}

/**
 * Streams the request's body to the app as pipe() does, counting it: once past `limit` bytes nothing more is passed
 * on, and `onOverLimit` runs instead. A body with a Content-Length within the limit never gets there (Node
 * reads no more than it declares); a chunked one declares nothing.
 */
function passBody(req, toAppRequest, limit, onOverLimit) {
  let received = 0;
  const stop = () => {
    req.off('data', onData);
    req.off('end', onEnd);
    toAppRequest.off('drain', onDrain);
  };
  const onData = (chunk) => {
    received += chunk.length;
    if (received > limit) {
      stop();
      req.pause();
      onOverLimit();
    } else if (!toAppRequest.write(chunk)) req.pause();
  };
  const onDrain = () => req.resume();
  const onEnd = () => toAppRequest.end();
  req.on('data', onData);
  req.once('end', onEnd);
  toAppRequest.on('drain', onDrain);
  // The app's side failed or was closed: as pipe() does, stop writing to it.
  toAppRequest.once('close', stop);
}

/** Passes one admitted request to the app and its answer back, streamed both ways; a shared answer is kept too. */
function passToApp(req, res, release, forwardedFor, copyKey, bodyLimit) {
  let overLimit = false;
  const toAppRequest = http.request({ socketPath: options.appSocket, agent: toApp, method: req.method, path: req.url, headers: headersForApp(req, forwardedFor) });
  toAppRequest.on('response', (answer) => {
    if (draining) res.shouldKeepAlive = false;
    const statusCode = answer.statusCode ?? 502;
    const rawHeaders = endToEnd(answer.rawHeaders);
    res.writeHead(statusCode, answer.statusMessage, rawHeaders);
    if (copyKey !== null) keepIfShared(copyKey, answer, statusCode, rawHeaders);
    answer.pipe(res);
    answer.once('error', () => res.destroy());
  });
  toAppRequest.on('error', (error) => {
    release();
    if (copyKey !== null) sharedCopies.forget(copyKey);
    // Cut off here for a body past its cap: that answer is given below.
    if (overLimit) return;
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    console.error(`Failed to pass request for ${req.url} to the app`, error);
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Bad Gateway');
  });
  // The client hung up before its answer was whole: the app stops working on it.
  res.once('close', () => {
    if (!res.writableFinished) toAppRequest.destroy();
  });
  passBody(req, toAppRequest, bodyLimit, () => {
    overLimit = true;
    // The app stops reading the body and drops what it has; the client hears 413 and its connection closes.
    toAppRequest.destroy();
    if (!res.headersSent) refuseTooLarge(req, res);
    // The app had already answered (a route may refuse before reading): the connection still cannot carry on.
    else req.socket.destroy();
  });
}

/** Collects a shared answer as it streams to the client, and keeps it once whole; anything else drops the old copy. */
function keepIfShared(key, answer, statusCode, rawHeaders) {
  if (!sharedCopies.isShared(statusCode, answer.headers)) {
    sharedCopies.forget(key);
    return;
  }
  const chunks = [];
  answer.on('data', (chunk) => chunks.push(chunk));
  answer.once('end', () => sharedCopies.store(key, { statusCode, statusMessage: answer.statusMessage ?? '', rawHeaders, body: Buffer.concat(chunks) }));
  answer.once('aborted', () => sharedCopies.forget(key));
}

/** Asks the app, in its turn, for a fresh copy of an expired one that was just answered; nobody waits for it. */
function refreshCopy(req, key, forwardedFor) {
  void admission.enter(req).then((release) => {
    if (!release || draining) {
      release?.();
      sharedCopies.forget(key);
      return;
    }
    const refresh = http.request({ socketPath: options.appSocket, agent: toApp, method: 'GET', path: req.url, headers: headersForApp(req, forwardedFor) });
    refresh.on('response', (answer) => {
      keepIfShared(key, answer, answer.statusCode ?? 502, endToEnd(answer.rawHeaders));
      answer.once('end', release);
      answer.once('close', release);
      answer.resume();
    });
    refresh.on('error', () => {
      release();
      sharedCopies.forget(key);
    });
    refresh.end();
  });
}

/** Answers from a kept copy. */
function answerWithCopy(res, copy) {
  res.writeHead(copy.statusCode, copy.statusMessage, copy.rawHeaders);
  res.end(copy.body);
}

/**
 * True when every segment of the request's path decodes as UTF-8. Next's router decodes a dynamic segment with
 * decodeURIComponent and answered a 500 for one that does not (`/projects/%FF`, #42); no route of ours has such a
 * path, so it is a 400 here, before the queue.
 */
function pathDecodes(url) {
  const pathname = (url ?? '/').split(/[?#]/, 1)[0];
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const BAD_PATH = JSON.stringify({ error: 'The request path is not valid UTF-8.' });

async function handle(req, res) {
  openResponses.add(res);
  res.once('close', () => openResponses.delete(res));
  if (!pathDecodes(req.url)) {
    res.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BAD_PATH), 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : BAD_PATH);
    return;
  }
  // Before a turn in the queue: a body declared too large costs nothing but this answer.
  const bodyLimit = bodyLimitOf(req);
  if (declaresTooLarge(req, bodyLimit)) {
    refuseTooLarge(req, res);
    return;
  }
  // Whatever the client wrote stays to the left; the socket's peer is the one entry nobody can forge.
  const peer = req.socket.remoteAddress;
  const forwarded = req.headers['x-forwarded-for'];
  const forwardedFor = peer ? (forwarded ? `${forwarded}, ${peer}` : peer) : undefined;
  if (draining) res.shouldKeepAlive = false;
  const copyKey = sharedCopies.keyOf(req);
  const found = copyKey === null ? null : sharedCopies.lookup(copyKey);
  if (found) {
    answerWithCopy(res, found.copy);
    if (found.refresh) refreshCopy(req, copyKey, forwardedFor);
    return;
  }
  const awaited = copyKey === null ? null : sharedCopies.awaitOrLead(copyKey);
  if (awaited) {
    const copy = await awaited;
    if (copy) {
      if (!res.destroyed) answerWithCopy(res, copy);
      return;
    }
  }
  const clientLeft = new AbortController();
  res.once('close', () => clientLeft.abort());
  const release = await admission.enter(req, clientLeft.signal);
  if (!release) {
    // Whoever waits for this request's answer is not kept waiting for one that will not come.
    if (copyKey !== null) sharedCopies.forget(copyKey);
    if (!res.destroyed) refuseBusy(req, res);
    return;
  }
  res.once('close', release);
  passToApp(req, res, release, forwardedFor, copyKey, bodyLimit);
}

/** Sets one header in a raw header list: every entry of that name replaced by one. */
function replaceRawHeader(rawHeaders, name, value) {
  for (let index = rawHeaders.length - 2; index >= 0; index -= 2) {
    if (rawHeaders[index].toLowerCase() === name) rawHeaders.splice(index, 2);
  }
  rawHeaders.push(name, value);
}

// headersTimeout above the keep-alive timeout, as Node requires for a reused connection's next request.
const server = http.createServer({ headersTimeout: options.keepAliveTimeoutMs + 1000 }, (req, res) => void handle(req, res));
server.keepAliveTimeout = options.keepAliveTimeoutMs;
// A client that asks before sending its body (Expect: 100-continue, as curl does for a large upload) hears 413 at once
// when the body would be too large, instead of a 100 Continue that sets it sending bytes nobody will read.
server.on('checkContinue', (req, res) => {
  if (!declaresTooLarge(req, bodyLimitOf(req))) res.writeContinue();
  void handle(req, res);
});
// The connections open now, idle or busy: a drain waits for them to close.
const connections = new Set();
let noConnections = null;
server.on('connection', (socket) => {
  connections.add(socket);
  socket.once('close', () => {
    connections.delete(socket);
    if (connections.size === 0) noConnections?.();
  });
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * No new connections (net's close: http's would also close the idle keep-alive ones). An idle connection is not
 * closed from this side: a proxy may be sending a request on it at that very moment, and a POST lost that way cannot
 * be retried. What arrives on it is answered with `Connection: close`, answers not yet begun carry it too, and the
 * proxy closes the idle ones itself after its keepalive_timeout (nginx here: 5 s). At the deadline, all are closed.
 */
async function drain(deadline) {
  draining = true;
  net.Server.prototype.close.call(server);
  for (const res of openResponses) if (!res.headersSent) res.shouldKeepAlive = false;
  if (connections.size > 0) await Promise.race([new Promise((resolve) => (noConnections = resolve)), sleep(deadline - Date.now())]);
  if (openResponses.size > 0) console.warn(`${openResponses.size} request(s) still open at the deadline: cut off`);
  else if (connections.size > 0) console.warn(`${connections.size} idle connection(s) still open at the deadline: closed`);
  server.closeAllConnections();
  toApp.destroy();
}

parentPort.on('message', (message) => {
  if (message.type === 'listen') {
    server.once('error', (error) => parentPort.postMessage({ type: 'listen-error', message: String(error?.stack ?? error) }));
    server.listen(options.port, options.hostname, () => parentPort.postMessage({ type: 'listening', port: server.address().port }));
  } else if (message.type === 'forget-copies') {
    sharedCopies.clear();
  } else if (message.type === 'drain') {
    console.log(`${message.signal}: draining ${openResponses.size} request(s), at most ${Math.round((message.deadline - Date.now()) / 1000)} s`);
    void drain(message.deadline).then(() => parentPort.postMessage({ type: 'drained' }));
  }
});
