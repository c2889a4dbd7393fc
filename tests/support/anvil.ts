import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

/**
 * The anvil binary from @foundry-rs/anvil's platform package (an optional dependency: npm installs the one that
 * fits this machine, and the binary ships inside it, so no install script has to run).
 */
export function anvilBinary(): string {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  const manifest = require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`);
  const binary = path.join(path.dirname(manifest), 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!fs.existsSync(binary)) throw new Error(`anvil is missing at ${binary}: run npm install (optional dependencies on).`);
  return binary;
}

/** A free TCP port on 127.0.0.1, chosen by the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Anvil = { url: string; port: number; stop(): Promise<void> };

/**
 * Starts a fresh local chain on a free port and waits until it answers. It mines a block per transaction, or with
 * `blockTime` one block every that many seconds (transactions then wait for the next one), as a live chain does.
 */
export async function startAnvil({ blockTime }: { blockTime?: number } = {}): Promise<Anvil> {
  const port = await freePort();
  const args = ['--port', String(port), '--host', '127.0.0.1', '--silent', '--chain-id', '31337', ...(blockTime ? ['--block-time', String(blockTime)] : [])];
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`anvil did not answer on ${url}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
