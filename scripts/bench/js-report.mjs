// `node scripts/bench/js-report.mjs [path]`: the scripts a first visit to a page loads, largest first, with their
// gzip size and the source modules they hold (from the build's chunk maps when present). For budget work.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { closeBrowser, measureScripts } from './browser.mjs';
import { kb } from './report.mjs';
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
    console.log(`${kb(script.transferred).padStart(10)}  ${kb(script.decoded).padStart(9)} raw  ${script.url}`);
  }
  // In the bench's unit (kb: 1,000 bytes), so these figures read against #18's goals as the bench prints them.
  const own = result.scriptBytes - result.frameworkBytes;
  console.log(`${kb(result.scriptBytes)} gzip in ${result.scriptCount} scripts: own ${kb(own)}, React and Next.js runtime ${kb(result.frameworkBytes)}`);
  console.log(`prefetched later for linked pages: ${kb(result.prefetchedBytes)} in ${result.prefetchedCount} scripts`);
} finally {
  await closeBrowser();
  await stopAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
