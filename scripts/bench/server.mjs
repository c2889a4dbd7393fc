// Starts and stops the production server (scripts/start.mjs) for the benchmark, on a data folder of its own.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** Configuration that would make the server reach outside services or another database: always unset here. */
const CLEARED_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'NEXT_PUBLIC_POSTHOG_KEY',
  'NEXT_PUBLIC_POSTHOG_HOST',
  'AUTH_GOOGLE_ID',
  'AUTH_GOOGLE_SECRET',
  'IMAGE_CDN_URL',
  'AVATAR_BASE_URL',
  'RPC_URL',
  'ANNOUNCEMENT_CONTENT',
  'ANNOUNCEMENT_LINK_TEXT',
  'ANNOUNCEMENT_LINK',
  'QUOTE_FORM_EMBED_URL',
  'FEATURE_FLAGS',
];

/** True when nothing listens on the port of 127.0.0.1. */
function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `start` on. */
export async function findFreePort(start) {
  for (let port = start; port < start + 100; port++) if (await isPortFree(port)) return port;
  throw new Error(`No free port between ${start} and ${start + 99}.`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node scripts/start.mjs` in `root` on `port` and `dataDir` and resolves once GET /api/health answers 200.
 * The returned handle's stop() sends SIGTERM and waits for the process to exit (SIGKILL after a grace period).
 */
export async function startServer({ root, port, dataDir, timeoutMs = 180_000 }) {
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of CLEARED_ENV) env[name] = '';
  Object.assign(env, {
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SITE_URL: origin,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
  });

  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let exited = null;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });

  const handle = {
    origin,
    pid: child.pid,
    output: () => output,
    /** `{ code, signal }` once the process has exited, else null. */
    exited: () => exited,
    async stop(graceMs = 20_000) {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = sleep(graceMs).then(() => 'timeout');
      if ((await Promise.race([exit, timer])) === 'timeout') {
        child.kill('SIGKILL');
        await exit;
      }
      return exited;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`The server exited during start (code ${exited.code}, signal ${exited.signal}). Its output:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return handle;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await handle.stop();
  throw new Error(`The server did not answer GET /api/health with 200 within ${timeoutMs / 1000} s. Its output:\n${output}`);
}
