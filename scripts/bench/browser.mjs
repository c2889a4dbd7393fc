// The JavaScript a first visit to `/` transfers, measured in Debian's Chromium with a fresh (cache-less) context.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

import { chromiumLaunchOptions } from '../chromium.mjs';

/** Holds the browser while it is open, so an interrupted bench can close it. */
let openBrowser = null;

export async function closeBrowser() {
  const browser = openBrowser;
  openBrowser = null;
  await browser?.close().catch(() => undefined);
}

/**
 * Loads `path` and sums, over every script response, the bytes of the body as sent (Chromium's encoded body
 * size: gzip when the server compressed it) and the decoded size. Returns null with a reason when Chromium is
 * missing. `frameworkFiles` (the build's React and Next.js runtime files) are also summed on their own, to show
 * what any page of this stack carries before our code.
 */
export async function measureScripts(origin, path = '/', { frameworkFiles = [] } = {}) {
  if (!fs.existsSync(chromiumLaunchOptions.executablePath)) {
    return { skipped: `Chromium not found at ${chromiumLaunchOptions.executablePath} (set CHROMIUM_PATH)` };
  }
  openBrowser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await openBrowser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const finished = [];
    const failed = [];
    // After load, Next prefetches the routes of visible links, with their code. That code belongs to the
    // other pages, so scripts requested once the first route prefetch has started are reported apart.
    const prefetchedLater = new Set();
    let prefetching = false;
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) prefetching = true;
      if (prefetching && request.resourceType() === 'script') prefetchedLater.add(request);
    });
    page.on('requestfinished', (request) => finished.push(request));
    page.on('requestfailed', (request) => failed.push(request));
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    const response = await page.goto(origin + path, { waitUntil: 'networkidle', timeout: 60_000 });
    const documentStatus = response?.status() ?? 0;
    const documentEncoding = (await response?.allHeaders())?.['content-encoding'] ?? 'none';
    const documentSizes = response ? await response.request().sizes() : null;

    const scripts = [];
    const prefetched = [];
    for (const request of finished) {
      if (request.resourceType() !== 'script') continue;
      if (prefetchedLater.has(request)) {
        prefetched.push((await request.sizes()).responseBodySize);
        continue;
      }
      const sizes = await request.sizes();
      const scriptResponse = await request.response();
      const headers = scriptResponse ? await scriptResponse.allHeaders() : {};
      scripts.push({
        url: request.url().replace(origin, ''),
        status: scriptResponse?.status() ?? 0,
        encoding: headers['content-encoding'] ?? 'none',
        transferred: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
        decoded: scriptResponse ? (await scriptResponse.body()).length : 0,
      });
    }
    const failedScripts = failed.filter((request) => request.resourceType() === 'script').map((request) => request.url());
    await context.close();

    const encodings = [...new Set(scripts.map((script) => script.encoding))];
    return {
      documentStatus,
      documentEncoding,
      documentTransferred: documentSizes?.responseBodySize ?? 0,
      scriptCount: scripts.length,
      scriptBytes: scripts.reduce((sum, script) => sum + script.transferred, 0),
      scriptHeaderBytes: scripts.reduce((sum, script) => sum + script.headers, 0),
      scriptDecodedBytes: scripts.reduce((sum, script) => sum + script.decoded, 0),
      encodings,
      failedScripts,
      consoleErrors,
      scripts: scripts.sort((a, b) => b.transferred - a.transferred),
      prefetchedCount: prefetched.length,
      prefetchedBytes: prefetched.reduce((sum, bytes) => sum + bytes, 0),
      frameworkBytes: scripts.filter((script) => frameworkFiles.some((file) => script.url.endsWith(file))).reduce((sum, script) => sum + script.transferred, 0),
    };
  } finally {
    await closeBrowser();
  }
}
