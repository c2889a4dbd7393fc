import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RpcCall = { method: string; params: unknown[] };
export type RpcCounter = { url: string; calls: RpcCall[]; reset(): void; stop(): Promise<void> };

/**
 * A JSON-RPC pass-through in front of a node that records every call (batched ones one by one), so a test can say
 * what the indexer asked the chain for.
 */
export async function startRpcCounter(upstream: string): Promise<RpcCounter> {
  const calls: RpcCall[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const parsed = JSON.parse(body) as RpcCall | RpcCall[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push({ method: call.method, params: call.params ?? [] });
    } catch {
      // Not JSON: passed on as it is, and the node answers the error.
    }
    try {
      const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(await answer.text());
    } catch (error) {
      response.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    reset: () => void calls.splice(0),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
