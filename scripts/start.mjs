// Starts the built standalone server. It changes into its own folder, so relative paths are made absolute here.
import path from 'node:path';
import fs from 'node:fs';

const server = path.resolve('.next', 'standalone', 'server.js');
if (!fs.existsSync(server)) {
  console.error('No build found. Run `npm run build` first.');
  process.exit(1);
}
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || 'data');
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';
// Our own SIGTERM handler closes the embedded database before exiting; Next's would exit first.
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';
process.env.HOSTNAME ??= '0.0.0.0';
await import(server);
