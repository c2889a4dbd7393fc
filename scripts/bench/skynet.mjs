// Skynet figures for `npm run bench`: indexer throughput on a local anvil chain, and the calls' request paths.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Indexes a filled local chain into the bench's data folder (server stopped); returns throughput and ids. */
export function indexLocalChain(root, dataDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join('scripts', 'bench', 'skynet-index.ts')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', RPC_URL: '', LOG_LEVEL: 'warn', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`skynet bench indexing exited ${code}:\n${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`skynet bench indexing printed no figures:\n${out.slice(-1000)}\n${err.slice(-1000)}`));
      }
    });
  });
}

/** One representative request per Skynet call, on the indexed contracts and the demo series. */
export function skynetCallPaths({ projectId, token }) {
  const now = Math.floor(Date.now() / 1000);
  return {
    'metric-latest': [`/api/skynet/metric-latest?name=${encodeURIComponent(`exchanges(projectId=bitcoin)`)}`, `/api/skynet/metric-latest?name=${encodeURIComponent(`transactions(projectId=${projectId})`)}`],
    'metric-by-timestamps': [`/api/skynet/metric-by-timestamps?name=${encodeURIComponent(`transactions(projectId=${projectId})`)}&timestamps=${now - 86_400},${now}`],
    'top-callers': [`/api/skynet/top-callers?projectId=${projectId}&count=10`],
    'top-events': [`/api/skynet/top-events?projectId=${projectId}`],
    'top-function-calls': [`/api/skynet/top-function-calls?projectId=${projectId}&count=10`],
    'privileged-address': [`/api/skynet/privileged-address?address=${token}`],
    'privileged-function': [`/api/skynet/privileged-function?address=${token}`],
    'privileged-transaction': [`/api/skynet/privileged-transaction?address=${token}&limit=20`],
    'twitter-activity-by-dates': ['/api/skynet/twitter-activity-by-dates?projectId=bitcoin&type=tweets&dates=2026-10-25,2026-10-26,2026-10-27'],
  };
}
