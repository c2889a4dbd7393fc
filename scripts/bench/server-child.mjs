import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Runs one of the benches' server-side scripts (scripts/bench/<script>, TypeScript through tsx, with the server's
 * module conditions) on a data folder of its own, mailing to `smtpUrl`. Each JSON line the script prints is handed
 * to `onMessage` with the child; answers when it exits, throwing with the end of its stderr unless it exited 0.
 */
export async function runServerChild(root, { script, dataDir, smtpUrl, env = {}, onMessage }) {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join('scripts', 'bench', script)], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      RPC_URL: '',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Sentinel Shield <alerts@bench.example>',
      SITE_URL: 'https://shield.example',
      SECURITY_CONTACT: 'mailto:security@shield.example',
      DEV_MAILBOX: '',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    onMessage(message, child);
  });
  const { code, signal } = await exited;
  if (code !== 0) throw new Error(`${script} exited ${code ?? signal}:\n${err}`);
}
