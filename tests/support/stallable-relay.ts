import net from 'node:net';

/**
 * A TCP relay to PostgreSQL that can stop forwarding in both directions while keeping every connection open,
 * as a stopped (SIGSTOP) server looks from the outside, without touching the machine's shared server.
 */
export async function startStallableRelay(target: { host: string; port: number }) {
  let paused = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => {});
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      from.on('data', (chunk: Buffer) => {
        const send = () => {
          if (!to.destroyed) to.write(chunk);
        };
        if (paused) held.push(send);
        else send();
      });
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as net.AddressInfo).port,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const send of held.splice(0)) send();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}

/** A stallable relay in front of the PostgreSQL server of `databaseUrl`, with `url`: that database reached through it. */
export async function stallableRelayFor(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const relay = await startStallableRelay({ host: target.hostname, port: Number(target.port || 5432) });
  const relayed = new URL(databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return { ...relay, url: relayed.toString() };
}
