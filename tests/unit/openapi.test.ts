import Ajv2020 from 'ajv/dist/2020';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { apiV1Document } from '@/server/api-v1/openapi';
import { openApiDocument } from '@/server/openapi';

/** Every route handler under app/api, as its OpenAPI path (a `[name]` folder is the `{name}` parameter). */
function apiRoutes(dir = path.join(process.cwd(), 'app/api'), prefix = '/api'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === 'route.ts' ? [prefix] : [];
    const segment = decodeURIComponent(entry.name).replace(/^\[([^.\]]+)\]$/, '{$1}');
    return apiRoutes(path.join(dir, entry.name), `${prefix}/${segment}`);
  });
}

/** Every JSON Schema the document holds (request bodies, parameters, answers), with where it sits. */
function schemasIn(value: unknown, at = ''): Array<{ at: string; schema: object }> {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'schema' && typeof child === 'object' && child !== null ? [{ at: `${at}/schema`, schema: child }] : schemasIn(child, `${at}/${key}`),
  );
}

describe('the OpenAPI document', () => {
  it('describes every public route handler under app/api', () => {
    const internal = ['/api/auth/[...nextauth]', '/api/auth/_log', '/api/openapi.json'];
    // The public API v1 has a document of its own (/api/v1/openapi.json).
    const documented = [...Object.keys(openApiDocument.paths), ...Object.keys(apiV1Document.paths)];
    // The staff console's routes answer 404 to everyone but staff: they are not part of the public contract.
    const isStaff = (route: string) => route.startsWith('/api/staff/');
    const missing = apiRoutes().filter((route) => !internal.includes(route) && !isStaff(route) && !documented.includes(route));
    expect(missing).toEqual([]);
  });

  it('documents only routes that exist', () => {
    const routes = apiRoutes();
    expect(Object.keys(openApiDocument.paths).filter((documented) => !routes.includes(documented))).toEqual([]);
  });

  it.each([
    ['/api/openapi.json', openApiDocument.paths],
    ['/api/v1/openapi.json', apiV1Document.paths],
  ])('%s holds only schemas that a strict JSON Schema 2020-12 validator accepts', (_document, paths) => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    const schemas = schemasIn(paths);
    expect(schemas.length).toBeGreaterThan(0);
    const refused = schemas.flatMap(({ at, schema }) => {
      try {
        ajv.compile(schema);
        return [];
      } catch (error) {
        return [`${at}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });
});
