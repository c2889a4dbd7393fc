import 'server-only';

import { z } from '@/lib/zod';

import {
  alertDetailV1Schema,
  alertIdSchema,
  alertListQuerySchema,
  alertListV1Schema,
  chainIdParamSchema,
  contractAddressParamSchema,
  contractAdminPowersV1Schema,
  formatOnlyQuerySchema,
  jsonOnlyQuerySchema,
  incidentListQuerySchema,
  problemSchema,
  projectIdSchema,
  projectListQuerySchema,
  projectListV1Schema,
  projectV1Schema,
  scoreHistoryV1Schema,
} from '@/lib/schemas/api-v1';

import { LIMITS } from '../rate-limit';
import { SKYNET_FIGURES } from './skynet';

/**
 * The public API's OpenAPI 3.1 document, served at /api/v1/openapi.json and rendered at /developers. Generated from
 * the zod schemas the routes validate with and answer by (lib/schemas/api-v1.ts), so it cannot drift from them;
 * tests/integration/api-v1-contract.test.ts calls every operation and checks real answers against it.
 */

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const generated: Record<string, unknown> = { ...z.toJSONSchema(schema, io === 'input' ? { io, unrepresentable: 'any' } : { io }) };
  delete generated.$schema;
  return generated;
};

const queryOf = (schema: z.ZodObject) => {
  const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input') as { properties?: Record<string, { description?: string }>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.includes(name), ...(property.description ? { description: property.description } : {}), schema: property }));
};
const pathParameter = (name: string, schema: z.ZodType) => ({ name, in: 'path', required: true, schema: jsonSchemaOf(schema, 'input') });

const budgetHeaders = {
  'RateLimit-Policy': { description: 'The caller’s quota policy, e.g. `"anon";q=60;w=60`.', schema: { type: 'string' } },
  RateLimit: { description: 'What is left of it, e.g. `"anon";r=57;t=42` (requests left, seconds until the window resets).', schema: { type: 'string' } },
};
const problem = (description: string) => ({ description, headers: budgetHeaders, content: { 'application/problem+json': { schema: jsonSchemaOf(problemSchema, 'output') } } });
const refusals = {
  '400': problem('A bad, unknown or repeated query parameter, or a bad cursor (each named in `errors`)'),
  '401': problem('A malformed, unknown or revoked API key'),
  '429': { ...problem('The budget is spent'), headers: { ...budgetHeaders, 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } },
};
const ok = (description: string, schema: z.ZodType, csv: boolean) => ({
  description,
  headers: { ...budgetHeaders, ETag: { description: 'A tag of the body; send it back in If-None-Match.', schema: { type: 'string' } } },
  content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') }, ...(csv ? { 'text/csv': { schema: { type: 'string' } } } : {}) },
});
const notModified = { '304': { description: 'Not modified (If-None-Match named the current ETag)', headers: budgetHeaders } };

type Get = {
  summary: string;
  tags: string[];
  parameters: object[];
  answer: z.ZodType;
  description: string;
  csv?: boolean;
  notFound?: boolean;
  /** Refusals particular to the route, by status (replacing the common ones of the same status). */
  more?: Record<string, ReturnType<typeof problem>>;
};
const get = ({ summary, tags, parameters, answer, description, csv = false, notFound = false, more = {} }: Get) => ({
  get: {
    summary,
    tags,
    parameters,
    responses: {
      '200': ok(description, answer, csv),
      ...notModified,
      ...refusals,
      ...(notFound ? { '404': problem('No such resource (or not public)') } : {}),
      ...(csv ? {} : { '406': problem('CSV was asked of a route that answers JSON only') }),
      ...more,
    },
  },
});

const skynetPaths = Object.fromEntries(
  Object.entries(SKYNET_FIGURES).map(([name, figure]) => [
    `/api/v1/skynet/${name}`,
    get({ summary: figure.summary, tags: ['skynet'], parameters: queryOf(figure.query), answer: z.object({ data: figure.item }), description: 'The figure, briefly cached on our side' }),
  ]),
);

export const API_V1_VERSION = '1.1.0';

export const apiV1Document = {
  openapi: '3.1.0',
  info: {
    title: 'Sentinel Shield public API',
    version: API_V1_VERSION,
    description:
      'Read-only public data: projects and their scores, score history, alerts and incidents, and Skynet’s on-chain figures. Within v1 fields are added, never renamed or removed. ' +
      `Anonymous callers get ${LIMITS['api-anon-ip'].points} requests per ${LIMITS['api-anon-ip'].duration} s per address; an API key (created in Settings) gets ${LIMITS['api-key'].points} per ${LIMITS['api-key'].duration} s.`,
  },
  servers: [{ url: '/' }],
  security: [{}, { bearer: [] }, { apiKeyHeader: [] }],
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    },
  },
  paths: {
    '/api/v1/projects': get({
      summary: 'Projects with the leaderboard’s filters and sort, cursor-paged',
      tags: ['projects'],
      parameters: queryOf(projectListQuerySchema),
      answer: projectListV1Schema,
      description: 'A page of projects; `nextCursor` is null on the last page (also in a Link header)',
      csv: true,
    }),
    '/api/v1/projects/{id}': get({
      summary: 'One project: score, pillars, grade, methodology version, audits with findings counts, and its latest alerts',
      tags: ['projects'],
      parameters: [pathParameter('id', projectIdSchema)],
      answer: projectV1Schema,
      description: 'The project',
      notFound: true,
    }),
    '/api/v1/projects/{id}/score-history': get({
      summary: 'A project’s score history, oldest first (the last point is the current score)',
      tags: ['projects'],
      parameters: [pathParameter('id', projectIdSchema), ...queryOf(formatOnlyQuerySchema)],
      answer: scoreHistoryV1Schema,
      description: 'The history',
      csv: true,
      notFound: true,
    }),
    '/api/v1/alerts': get({
      summary: 'Published alerts, newest first, with their sources',
      tags: ['alerts'],
      parameters: queryOf(alertListQuerySchema),
      answer: alertListV1Schema,
      description: 'A page of alerts',
      csv: true,
    }),
    '/api/v1/alerts/{id}': get({
      summary: 'One alert with its sources, evidence and public correction log',
      tags: ['alerts'],
      parameters: [pathParameter('id', alertIdSchema)],
      answer: alertDetailV1Schema,
      description: 'The alert',
      notFound: true,
    }),
    '/api/v1/incidents': get({
      summary: 'The incident database: the /alerts page’s filters, cursor-paged',
      tags: ['alerts'],
      parameters: queryOf(incidentListQuerySchema),
      answer: alertListV1Schema,
      description: 'A page of incidents',
      csv: true,
    }),
    '/api/v1/contracts/{chainId}/{address}/admin-powers': get({
      summary: 'Who can upgrade, pause, mint, change parameters or move funds of one contract, and with what delay, as Skynet read it on-chain',
      tags: ['skynet'],
      parameters: [
        { ...pathParameter('chainId', chainIdParamSchema), description: 'The EVM chain id, e.g. 1.' },
        { ...pathParameter('address', contractAddressParamSchema), description: 'The contract address, 0x and 40 hexadecimal digits (any case).' },
        ...queryOf(jsonOnlyQuerySchema),
      ],
      answer: contractAdminPowersV1Schema,
      description:
        'One reading per project watching the contract (each names its project); `data` is empty, with a `reason`, while the contract is watched but not read yet',
      more: {
        '400': problem('A malformed chain id or address (named in `errors`), or a query parameter (this route takes none)'),
        '404': problem('No RPC endpoint for the chain (unknown chain), or a contract that no project watches'),
        '422': problem('Not a contract: no code at the address on that chain'),
        '503': problem('The chain could not be read for the moment'),
      },
    }),
    ...skynetPaths,
    '/api/v1/openapi.json': get({ summary: 'This document', tags: ['meta'], parameters: [], answer: z.record(z.string(), z.unknown()), description: 'The OpenAPI 3.1 document' }),
  },
};
