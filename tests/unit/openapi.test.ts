import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { openApiDocument } from '@/server/openapi';

/** Every route handler under app/api, as its URL path. */
function apiRoutes(dir = path.join(process.cwd(), 'app/api'), prefix = '/api'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === 'route.ts' ? [prefix] : [];
    const segment = decodeURIComponent(entry.name);
    return apiRoutes(path.join(dir, entry.name), `${prefix}/${segment}`);
  });
}

describe('the OpenAPI document', () => {
  it('describes every public route handler under app/api', () => {
    const internal = ['/api/auth/[...nextauth]', '/api/auth/_log', '/api/openapi.json'];
    const documented = Object.keys(openApiDocument.paths);
    const missing = apiRoutes().filter((route) => !internal.includes(route) && !documented.includes(route));
    expect(missing).toEqual([]);
  });

  it('documents only routes that exist', () => {
    const routes = apiRoutes();
    expect(Object.keys(openApiDocument.paths).filter((documented) => !routes.includes(documented))).toEqual([]);
  });
});
