import net from 'node:net';

/**
 * A TCP proxy in front of a real Redis, for outage tests: it forwards, stalls (accepts, forwards nothing), or is cut
 * (every connection dropped and new ones closed at once), and comes back. close() ends it.
 */
export async function startRedisProxy(target: URL) {
  let mode: 'forward' | 'stall' | 'cut' = 'forward';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (data) => mode === 'forward' && upstream.write(data));
    upstream.on('data', (data) => mode === 'forward' && client.write(data));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    stall: () => {
      mode = 'stall';
    },
    /** Redis is unreachable: open connections drop, new ones close at once. */
    cut: () => {
      mode = 'cut';
      dropAll();
    },
    /** Redis is back: connections cut or stalled meanwhile are gone, new ones are forwarded. */
    resume: () => {
      dropAll();
      mode = 'forward';
    },
    close: async () => {
      dropAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
