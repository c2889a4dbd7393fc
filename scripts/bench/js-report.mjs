// `node scripts/bench/js-report.mjs [path]`: the scripts a first visit to a page loads, largest first, with their
// gzip size and the source modules they hold (from the build's chunk maps when present). For budget work.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { closeBrowser, measureScripts } from './browser.mjs';
import { findFreePort, startServer, stopAllServers } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const pagePath = process.argv[2] ?? '/';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-js-report-'));
try {
  const port = await findFreePort(4100);
  await startServer({ root, port, dataDir });
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.next', 'build-manifest.json'), 'utf8'));
  const frameworkFiles = manifest.rootMainFiles.map((file) => file.replace(/^static\//, '/_next/static/'));
  const result = await measureScripts(`http://localhost:${port}`, pagePath, { frameworkFiles });
  if (result.skipped) throw new Error(result.skipped);
  for (const script of [...result.scripts].sort((a, b) => b.transferred - a.transferred)) {
    console.log(`${(script.transferred / 1024).toFixed(1).padStart(7)} kB  ${(script.decoded / 1024).toFixed(0).padStart(5)} kB raw  ${script.url}`);
  }
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`${kB(result.scriptBytes)} gzip in ${result.scriptCount} scripts, of which ${kB(result.frameworkBytes)} React and Next.js runtime`);
  console.log(`prefetched later for linked pages: ${kB(result.prefetchedBytes)} in ${result.prefetchedCount} scripts`);
} finally {
  await closeBrowser();
  await stopAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
