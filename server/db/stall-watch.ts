import 'server-only';

import net from 'node:net';
import { Duplex } from 'node:stream';

/*
 * Stall detection for PostgreSQL connections (#17): each socket counts the requests it sent and the answers it got
 * from the wire protocol's message types, and reports a stall when a request waits longer than the deadline.
 */

/** Raised when PostgreSQL leaves a request unanswered for too long. */
export class DatabaseTimeoutError extends Error {
  name = 'DatabaseTimeoutError';
}

const READY_FOR_QUERY = 0x5a; // 'Z': the server has finished what it was asked
const SIMPLE_QUERY = 0x51; // 'Q'
const SYNC = 0x53; // 'S': ends each extended-protocol query
const FLUSH = 0x48; // 'H': asks for what is pending now (the driver describes a new statement this way, without a Sync)
/** What the server may send at any time, answering nothing: a notice, a parameter's new value, a notification. */
const UNASKED = new Set([0x4e, 0x53, 0x41]);

/**
 * Calls `onMessage` with the type of each whole protocol message in a stream that arrives in arbitrary chunks
 * (type byte, then a length that counts itself). The client's first message, the startup, has no type byte.
 */
function protocolMessages(onMessage: (type: number) => void, startsUntyped: boolean) {
  let header = Buffer.alloc(0);
  let payloadLeft = 0;
  let untyped = startsUntyped;
  return (chunk: Buffer) => {
    let offset = 0;
    while (offset < chunk.length) {
      if (payloadLeft > 0) {
        const skipped = Math.min(payloadLeft, chunk.length - offset);
        payloadLeft -= skipped;
        offset += skipped;
        continue;
      }
      const headerLength = untyped ? 4 : 5;
      const taken = chunk.subarray(offset, offset + headerLength - header.length);
      header = Buffer.concat([header, taken]);
      offset += taken.length;
      if (header.length < headerLength) return;
      onMessage(untyped ? 0 : header[0]);
      payloadLeft = header.readInt32BE(untyped ? 0 : 1) - 4;
      untyped = false;
      header = Buffer.alloc(0);
    }
  };
}

/** Where postgres.js asks its socket factory to connect. */
export type SocketOptions = { host: string[]; port: number[]; path?: string | false; ssl?: unknown };

/** A plain socket to the server postgres.js names: its Unix socket, or its first host and port. */
export const connectTo = (target: SocketOptions): net.Socket => (target.path ? net.connect(target.path) : net.connect(target.port[0], target.host[0]));

/**
 * Asks, apart from the pool, whether the server answers at all: true when it does (an error it sends back counts,
 * such as "too many clients"), false when it stays silent or cannot be reached.
 */
export type LivenessCheck = () => Promise<boolean>;

/**
 * Sockets for postgres.js that are destroyed when the server owes an answer and stays silent for `silenceMs`.
 * A stopped server (or a dead link) keeps the TCP connection open and answers nothing, so neither
 * statement_timeout nor the kernel ever notices, and every query would wait for minutes. Destroying the socket
 * fails its queries at once and the pool opens a fresh connection for the next one, so the app recovers by itself.
 * The answers owed are counted from the protocol: one ReadyForQuery for the startup, each simple query and each
 * Sync, and for a Flush the first message after every earlier request's ReadyForQuery. TLS connections are left as
 * postgres.js makes them: it replaces the socket during the TLS upgrade.
 *
 * A long statement is silent too, so `silenceMs` must outlast statement_timeout, which alone would leave a stall
 * unnoticed past the 5 s a request may wait (#17). With `liveness`, a request silent for `liveness.afterMs` asks
 * the server apart from the pool (one check at a time, shared): no answer there means a stall, and everything owed
 * fails at once; an answer means a long statement, which keeps its full deadline.
 */
export function watchedSocket(
  silenceMs: number,
  onStalled: () => void,
  options: {
    liveness?: { afterMs: number; check: LivenessCheck };
    /** An error while connecting is pointless (the server is known to be silent): the connection fails with it at once. */
    refusal?: () => Error | null;
  } = {},
) {
  const { liveness, refusal } = options;
  // The pool's sockets that owe an answer now. One of them silent past the deadline means the server has stopped:
  // the others' requests will not be answered either, so they fail with it instead of each waiting out its own
  // deadline (a request sent 4 s into a stall would otherwise wait until 4 s + silenceMs).
  const owing = new Map<net.Socket, () => void>();
  const stalled = (first: net.Socket) => {
    onStalled();
    for (const [socket, fail] of [...owing]) if (socket !== first) fail();
  };
  let checking: Promise<boolean> | null = null;
  const serverAnswers = () => {
    checking ??= liveness!
      .check()
      .catch(() => false)
      .finally(() => (checking = null));
    return checking;
  };
  return (target: SocketOptions): net.Socket => {
    const refused = refusal?.();
    if (refused) return refusedConnection(refused);
    const socket = connectTo(target);
    if (target.ssl) return socket;
    let answersOwed = 0;
    // A Flush is answered by whatever the server has pending (a statement's description), never by ReadyForQuery.
    let flushOwed = false;
    const owes = () => answersOwed > 0 || flushOwed;
    let heardAnything = false;
    let serverEnded = false;
    let timer: NodeJS.Timeout | null = null;
    let suspectTimer: NodeJS.Timeout | null = null;
    const disarm = () => {
      if (timer) clearTimeout(timer);
      if (suspectTimer) clearTimeout(suspectTimer);
      timer = suspectTimer = null;
      owing.delete(socket);
    };
    const fail = () => socket.destroy(new DatabaseTimeoutError(`The database did not answer within ${silenceMs} ms.`));
    const arm = () => {
      disarm();
      owing.set(socket, fail);
      timer = setTimeout(() => {
        stalled(socket);
        fail();
      }, silenceMs);
      timer.unref();
      if (liveness && liveness.afterMs < silenceMs) {
        suspectTimer = setTimeout(() => {
          void serverAnswers().then((answers) => {
            // Still owing (this request or a later one on the socket): the server is silent to both.
            if (answers || !owing.has(socket)) return;
            stalled(socket);
            fail();
          });
        }, liveness.afterMs);
        suspectTimer.unref();
      }
    };
    const countSent = protocolMessages((type) => {
      if (type === 0 || type === SIMPLE_QUERY || type === SYNC) answersOwed++;
      if (type === FLUSH) flushOwed = true;
    }, true);
    const countReceived = protocolMessages((type) => {
      if (type === READY_FOR_QUERY) answersOwed = Math.max(0, answersOwed - 1);
      // Once every earlier request has its ReadyForQuery, what comes next answers the Flush (the description).
      else if (answersOwed === 0 && !UNASKED.has(type)) flushOwed = false;
    }, false);
    const write = socket.write.bind(socket) as (chunk: Buffer | string, ...rest: unknown[]) => boolean;
    socket.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      countSent(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      // The oldest unanswered request starts the clock; later requests do not extend it.
      if (owes() && !timer) arm();
      return write(chunk, ...rest);
    }) as typeof socket.write;
    socket.on('data', (chunk: Buffer) => {
      heardAnything = true;
      countReceived(chunk);
      // Any answer is progress; nothing owed, nothing to wait for.
      if (owes()) arm();
      else disarm();
    });
    socket.on('end', () => (serverEnded = true));
    socket.on('close', () => {
      // The driver's connect timeout gave up on a server that took the startup and never said a word: stalled too.
      if (owes() && !heardAnything && !serverEnded && timer) onStalled();
      disarm();
    });
    return socket;
  };
}

/**
 * A connection that fails with `error` as soon as the driver listens to it, without reaching the server: the query
 * it was opened for fails at once, and so does each one queued behind it, as the pool hands them on in turn. (A
 * factory that threw instead would leave the driver's connection stuck half-open, one pool slot fewer each time.)
 */
function refusedConnection(error: Error): net.Socket {
  const stream = new Duplex({
    read() {},
    write(_chunk, _encoding, done) {
      done();
    },
  });
  // After the driver has attached its listeners (it awaits the factory first).
  setImmediate(() => stream.destroy(error));
  return stream as unknown as net.Socket;
}
