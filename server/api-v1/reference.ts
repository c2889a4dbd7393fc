import 'server-only';

import { apiV1Document } from './openapi';

/** What /developers shows of one operation, read from the OpenAPI document (so the page cannot drift from it). */
export type ReferenceOperation = {
  anchor: string;
  method: 'GET';
  path: string;
  summary: string;
  tag: string;
  parameters: { name: string; in: string; required: boolean; type: string; description: string | null }[];
  responses: { status: string; description: string; mediaTypes: string[] }[];
  /** The 200 answer's JSON Schema, pretty-printed. */
  answerSchema: string | null;
};

type JsonSchema = { type?: string | string[]; enum?: unknown[]; pattern?: string; format?: string; anyOf?: JsonSchema[]; items?: JsonSchema; minimum?: number; maximum?: number };
type DocumentedOperation = {
  summary: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: object }> }>;
};

/** A parameter's schema in a few words: `one of: a, b`, `string (date-time)`, `string matching …`. */
export function describeSchema(schema: JsonSchema): string {
  if (schema.enum) return `one of: ${schema.enum.join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(describeSchema).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (schema.format) return `${type} (${schema.format})`;
  if (schema.pattern) return `${type} matching ${schema.pattern}`;
  return type;
}

/** Every operation of the public API in document order, grouped by the caller through `tag`. */
export function listReferenceOperations(): ReferenceOperation[] {
  return Object.entries(apiV1Document.paths).map(([path, methods]) => {
    const operation = (methods as unknown as { get: DocumentedOperation }).get;
    const ok = operation.responses['200']?.content?.['application/json']?.schema ?? null;
    return {
      anchor: `get-${path.replace(/^\/api\/v1\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`,
      method: 'GET',
      path,
      summary: operation.summary,
      tag: operation.tags[0] ?? 'other',
      parameters: operation.parameters.map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required,
        type: describeSchema(parameter.schema),
        description: parameter.description ?? null,
      })),
      responses: Object.entries(operation.responses).map(([status, response]) => ({ status, description: response.description, mediaTypes: Object.keys(response.content ?? {}) })),
      answerSchema: ok ? JSON.stringify(ok, null, 2) : null,
    };
  });
}
