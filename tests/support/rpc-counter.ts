import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RpcCall = { method: string; params: unknown[] };
export type RpcCounter = {
  url: string;
  calls: RpcCall[];
  /** From now on, eth_getLogs over more blocks than this is refused as public endpoints do (null: none is). */
  limitLogBlocks(blocks: number | null): void;
  reset(): void;
  stop(): Promise<void>;
};

type Request = RpcCall & { id: unknown; jsonrpc: string };

/**
 * A JSON-RPC pass-through in front of a node that records every call (batched ones one by one), so a test can say
 * what the indexer asked the chain for; it can also refuse wide log queries the way hosted endpoints do.
 */
export async function startRpcCounter(upstream: string): Promise<RpcCounter> {
  const calls: RpcCall[] = [];
  let maxLogBlocks: number | null = null;
  const tooWide = (call: Request) => {
    if (maxLogBlocks === null || call.method !== 'eth_getLogs') return false;
    const { fromBlock, toBlock } = (call.params[0] ?? {}) as { fromBlock?: string; toBlock?: string };
    return fromBlock !== undefined && toBlock !== undefined && Number(toBlock) - Number(fromBlock) + 1 > maxLogBlocks;
  };
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let requests: Request[] = [];
    let batch = false;
    try {
      const parsed = JSON.parse(body) as Request | Request[];
      batch = Array.isArray(parsed);
      requests = Array.isArray(parsed) ? parsed : [parsed];
      for (const call of requests) calls.push({ method: call.method, params: call.params ?? [] });
    } catch {
      // Not JSON: passed on as it is, and the node answers the error.
    }
    if (requests.some(tooWide)) {
      // Answered call by call: the refused ones here, the others by the node.
      const answers = await Promise.all(
        requests.map(async (call) => {
          if (tooWide(call)) return { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: `query exceeds the limit of ${maxLogBlocks} blocks` } };
          const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
          return (await answer.json()) as unknown;
        }),
      );
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(batch ? answers : answers[0]));
      return;
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
    limitLogBlocks: (blocks) => void (maxLogBlocks = blocks),
    reset: () => void calls.splice(0),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
