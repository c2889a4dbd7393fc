import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { apiV1Document } from '@/server/api-v1/openapi';

/**
 * v1's promise (the issue, /developers): fields are added, never renamed, retyped or removed. The contract as first
 * published is kept in tests/fixtures/api-v1-contract.json: every route, parameter, answer status and schema
 * property in it must still be in the document, with the same type. New ones are free. To publish an addition,
 * nothing here changes; to change what is listed, publish a v2.
 */
type Json = Record<string, unknown>;
const BASELINE = path.join(process.cwd(), 'tests', 'fixtures', 'api-v1-contract.json');

/** Follows $ref inside the document, so a schema moved into components still counts as the same shape. */
function resolve(document: Json, node: unknown): unknown {
  let current = node as Json | undefined;
  const seen = new Set<string>();
  while (current && typeof current.$ref === 'string' && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((value, key) => (value as Json | undefined)?.[key], document) as Json | undefined;
  }
  return current;
}

const typeOf = (schema: Json | undefined) => JSON.stringify(schema?.type ?? (schema?.anyOf || schema?.oneOf ? 'union' : schema?.enum ? 'enum' : 'any'));

/** Every promise the document makes, as `where: type` lines. */
function contractOf(document: Json): Record<string, string> {
  const lines: Record<string, string> = {};
  const walk = (where: string, node: unknown, depth: number) => {
    const schema = resolve(document, node) as Json | undefined;
    if (!schema || depth > 8) return;
    lines[where] = typeOf(schema);
    for (const [name, property] of Object.entries((schema.properties as Json | undefined) ?? {})) walk(`${where}.${name}`, property, depth + 1);
    if (schema.items) walk(`${where}[]`, schema.items, depth + 1);
  };
  for (const [route, operations] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(operations as Json)) {
      const op = operation as Json;
      if (typeof op !== 'object' || !op.responses) continue;
      const at = `${method.toUpperCase()} ${route}`;
      lines[at] = 'route';
      for (const parameter of (op.parameters as Json[] | undefined) ?? []) {
        const resolved = resolve(document, parameter) as Json;
        lines[`${at} ?${resolved.in}:${resolved.name}`] = typeOf(resolved.schema as Json);
      }
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const content = ((resolve(document, response) as Json).content as Json | undefined) ?? {};
        for (const [mediaType, body] of Object.entries(content)) walk(`${at} ${status} ${mediaType}`, (body as Json).schema, 0);
      }
    }
  }
  return lines;
}

/** What a document no longer keeps of a published contract. */
function brokenPromises(published: Record<string, string>, document: Json): string[] {
  const current = contractOf(document);
  return Object.entries(published)
    .filter(([where, type]) => current[where] !== type)
    .map(([where, type]) => `${where}: published ${type}, now ${current[where] ?? 'gone'}`);
}

describe('the v1 contract only grows', () => {
  const published = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Record<string, string>;

  it('keeps every route, parameter, answer and field first published, with its type', () => {
    expect(Object.keys(published).length).toBeGreaterThan(100);
    expect(brokenPromises(published, apiV1Document as unknown as Json)).toEqual([]);
  });

  it('would refuse a document that dropped a field of a project', () => {
    const document = structuredClone(apiV1Document) as unknown as Json;
    const list = (((document.paths as Json)['/api/v1/projects'] as Json).get as Json).responses as Json;
    const body = resolve(document, ((resolve(document, list['200']) as Json).content as Json)['application/json']) as Json;
    const project = resolve(document, (resolve(document, (resolve(document, body.schema) as Json).properties) as Json).data) as Json;
    delete ((resolve(document, project.items) as Json).properties as Json).name;
    expect(brokenPromises(published, document)).toContain('GET /api/v1/projects 200 application/json.data[].name: published "string", now gone');
  });
});
