import 'server-only';

import { z } from 'zod';

import { forgotPasswordBodySchema, resendConfirmationBodySchema, resetPasswordBodySchema, signupBodySchema, verifyEmailBodySchema } from '@/lib/schemas/auth';
import { pageViewBodySchema, searchQuerySchema, voteBodySchema, yesPercentageQuerySchema } from '@/lib/schemas/projects';
import { addWalletSchema, userEventSchema } from '@/lib/schemas/settings';
import {
  contractAddressQuerySchema,
  metricByTimestampsQuerySchema,
  metricLatestQuerySchema,
  privilegedTransactionQuerySchema,
  socialActivityQuerySchema,
  topQuerySchema,
} from '@/lib/schemas/skynet';
import { surveyAnswersSchema } from '@/lib/schemas/survey';
import { createWatchlistSchema, deleteWatchlistSchema, setWatchlistProjectSchema, updateWatchlistSchema } from '@/lib/schemas/watchlist';

/**
 * The OpenAPI description of our HTTP API (SPEC §7), served at /api/openapi.json. What a request may carry is
 * generated from the same zod schemas the routes validate with, so the two cannot drift; the answers' shapes are
 * described here and checked against real answers by tests/integration/openapi-answers.test.ts.
 */

/** A zod schema as the JSON Schema of what a client sends (before defaults and transforms). */
const jsonSchemaOf = (schema: z.ZodType) => {
  const generated: Record<string, unknown> = { ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) };
  // The document states its dialect once (OpenAPI 3.1 is JSON Schema 2020-12).
  delete generated.$schema;
  return generated;
};
/** A JSON request body described by its zod schema. */
const body = (schema: z.ZodType) => json(jsonSchemaOf(schema));
/** Query parameters described by a zod object schema. */
const queryOf = (schema: z.ZodObject) => {
  const { properties = {}, required = [] } = jsonSchemaOf(schema) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.includes(name), schema: property }));
};

const error = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] } as const;
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [String(code), { description: 'Refused', ...json(error) }]));
const success = { type: 'object', properties: { msg: { type: 'string', enum: ['SUCCESS'] } } } as const;
const authCall = (summary: string, schema: z.ZodType, codes: number[]) => ({
  post: { summary, tags: ['auth'], requestBody: body(schema), responses: { '200': { description: 'Done', ...json(success) }, ...errors(...codes) } },
});
const searchResult = {
  type: 'object',
  properties: { id: { type: 'string' }, logo: { type: ['string', 'null'] }, name: { type: 'string' }, rank: { type: ['integer', 'null'] }, tokenTickers: { type: 'array', items: { type: 'string' } } },
};
const watchlist = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string', maxLength: 20 }, projects: { type: 'array', items: { type: 'string' } } } };

const surveyAnswers = jsonSchemaOf(surveyAnswersSchema);
const voteSummary = {
  type: 'object',
  properties: { yes: { type: 'integer' }, no: { type: 'integer' }, total: { type: 'integer' }, yesPercentage: { type: ['number', 'null'] }, yourVote: { type: ['boolean', 'null'] } },
  required: ['yes', 'no', 'total', 'yesPercentage', 'yourVote'],
};
const yesPercentage = { type: 'object', properties: { id: { type: 'string' }, yesPercentage: { type: ['number', 'null'] }, votes: { type: 'integer' } }, required: ['yesPercentage'] };
const created = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] };
const wallet = { type: 'object', properties: { walletAddress: { type: 'string' }, addedAt: { type: 'string', format: 'date-time' } } };
const evidence = { type: 'array', items: { type: 'object', properties: { method: { type: 'string', enum: ['source', 'probe', 'name', 'owner', 'event', 'erc165', 'erc1967'] }, detail: { type: 'string' } } } };
const point = { type: ['object', 'null'], properties: { timestamp: { type: 'integer', description: 'unix seconds' }, value: { type: 'number' }, detail: {}, isDemo: { type: 'boolean' } } };
const skynetGet = (summary: string, parameters: object[], items: object) => ({
  get: { summary, tags: ['skynet'], parameters, responses: { '200': { description: 'Briefly cached', ...json(items) }, ...errors(400) } },
});
const list = (properties: Record<string, object>) => ({ type: 'array', items: { type: 'object', properties } });

export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Sentinel Shield API', version: '1.0.0', description: 'Errors are `{ "error": "<Name or message>" }` with a 4xx status; auth errors carry the exception names of the user pool.' },
  paths: {
    '/api/health': { get: { summary: 'Liveness with a database check', responses: { '200': { description: 'Up' }, '503': { description: 'Database unavailable, or the instance is shutting down (with Retry-After)' } } } },
    '/api/auth/signup': authCall('Create an account and queue a mail with its confirmation code', signupBodySchema, [400, 409, 413, 429]),
    '/api/auth/verify-email': authCall('Confirm an email with its code', verifyEmailBodySchema, [400, 413, 429]),
    '/api/auth/resend-confirmation': authCall('Queue a mail with a new confirmation code (once a minute)', resendConfirmationBodySchema, [400, 413, 429]),
    '/api/auth/forgot-password': authCall('Queue a mail with a password reset code (the same answer for every email)', forgotPasswordBodySchema, [400, 413, 429]),
    '/api/auth/reset-forgotten-password': authCall('Set a new password with a reset code', resetPasswordBodySchema, [400, 413, 429]),
    '/api/search-project': {
      get: {
        summary: 'Search projects by name or ticker; under 2 characters, the trending list',
        parameters: queryOf(searchQuerySchema),
        responses: { '200': { description: 'Best match first, at most 20', ...json({ type: 'array', items: searchResult }) }, ...errors(400) },
      },
    },
    '/api/projects/vote': {
      post: {
        summary: 'One vote per voter per project, changeable',
        requestBody: body(voteBodySchema),
        responses: { '200': { description: 'The project’s vote summary', ...json(voteSummary) }, ...errors(400, 403, 404, 413, 429) },
      },
    },
    '/api/projects/average-yes-percentage': {
      get: {
        summary: 'Share of yes votes, site-wide or for one project',
        parameters: queryOf(yesPercentageQuerySchema),
        responses: { '200': { description: '{ yesPercentage } site-wide; with id also { id, votes }', ...json(yesPercentage) }, ...errors(400, 404) },
      },
    },
    '/api/projects/page-view': {
      post: { summary: 'Count a project page view (once per visitor per project per day)', requestBody: body(pageViewBodySchema), responses: { '200': { description: 'Counted' }, ...errors(400, 403, 404, 413, 429) } },
    },
    '/api/user/survey': { get: { summary: 'The signed-in user’s survey reply; {} when not answered', tags: ['user'], responses: { '200': { description: 'Reply', ...json(surveyAnswers) }, ...errors(401) } } },
    '/api/user/survey/upload': {
      post: {
        summary: 'Store the survey answers; with projects and watchlistName it also creates that watchlist',
        tags: ['user'],
        requestBody: json(surveyAnswers),
        responses: { '200': { description: '{ ok: true }' }, ...errors(400, 401, 409) },
      },
    },
    '/api/skynet/metric-latest': skynetGet('The newest value of a named series', queryOf(metricLatestQuerySchema), {
      type: 'object',
      properties: { series: { type: 'string' }, name: { type: 'string' }, labels: { type: 'object' }, latest: point },
    }),
    '/api/skynet/metric-by-timestamps': skynetGet(
      'A series’ value in force at each unix time (the newest point at or before it)',
      queryOf(metricByTimestampsQuerySchema),
      { type: 'object', properties: { series: { type: 'string' }, points: list({ timestamp: { type: 'integer' }, point }) } },
    ),
    '/api/skynet/top-callers': skynetGet('Addresses calling the project’s contracts most', queryOf(topQuerySchema), list({ address: { type: 'string' }, calls: { type: 'integer' } })),
    '/api/skynet/top-events': skynetGet('The project’s most frequent events', queryOf(topQuerySchema), list({ name: { type: 'string' }, count: { type: 'integer' } })),
    '/api/skynet/top-function-calls': skynetGet(
      'The project’s most called functions (reverted calls included and counted apart)',
      queryOf(topQuerySchema),
      list({ name: { type: 'string' }, calls: { type: 'integer' }, reverted: { type: 'integer' } }),
    ),
    '/api/skynet/privileged-address': skynetGet(
      'Addresses holding or having held privileges on a contract (owner, roles, proxy admin) with evidence',
      queryOf(contractAddressQuerySchema),
      list({ chainId: { type: 'integer' }, holder: { type: 'string' }, privilege: { type: 'string' }, label: { type: 'string' }, active: { type: 'boolean' }, sinceBlock: { type: ['integer', 'null'] }, sinceTx: { type: ['string', 'null'] }, evidence }),
    ),
    '/api/skynet/privileged-function': skynetGet('A contract’s privileged functions with evidence', queryOf(contractAddressQuerySchema), list({ chainId: { type: 'integer' }, selector: { type: 'string' }, signature: { type: 'string' }, evidence })),
    '/api/skynet/privileged-transaction': skynetGet(
      'The newest calls to a contract’s privileged functions, reverted ones included',
      queryOf(privilegedTransactionQuerySchema),
      list({ chainId: { type: 'integer' }, txHash: { type: 'string' }, blockNumber: { type: 'integer' }, timestamp: { type: 'integer' }, from: { type: 'string' }, functionName: { type: 'string' }, succeeded: { type: 'boolean' } }),
    ),
    '/api/skynet/twitter-activity-by-dates': skynetGet(
      'A project’s social activity of one type (e.g. tweets, mentions) on each date',
      queryOf(socialActivityQuerySchema),
      list({ date: { type: 'string', format: 'date' }, value: { type: ['number', 'null'] }, isDemo: { type: 'boolean' } }),
    ),
    '/api/watchlist': { get: { summary: 'The signed-in user’s watchlists', responses: { '200': { description: 'Lists', ...json({ type: 'array', items: watchlist }) }, ...errors(401) } } },
    '/api/watchlist/create': {
      post: { summary: 'Create a watchlist', requestBody: body(createWatchlistSchema), responses: { '200': { description: '{ id }', ...json(created) }, ...errors(400, 401, 409) } },
    },
    '/api/watchlist/update': {
      post: {
        summary: 'Rename a watchlist and, when projects is given, set its projects (omit projects to only rename)',
        requestBody: body(updateWatchlistSchema),
        responses: { '200': { description: '{ ok: true }' }, ...errors(400, 401, 404, 409) },
      },
    },
    '/api/watchlist/projects': {
      post: {
        summary: 'Add (watched: true) or remove one project; parallel changes compose',
        requestBody: body(setWatchlistProjectSchema),
        responses: { '200': { description: '{ projects }: the list’s projects afterwards', ...json({ type: 'object', properties: { projects: { type: 'array', items: { type: 'string' } } } }) }, ...errors(400, 401, 404, 409) },
      },
    },
    '/api/watchlist/delete': {
      post: { summary: 'Delete a watchlist', requestBody: body(deleteWatchlistSchema), responses: { '200': { description: 'Deleted' }, ...errors(400, 401, 404) } },
    },
    // ---- Settings (issue #7) ----
    '/api/user/wallets': {
      get: { summary: 'The signed-in user’s wallets, oldest first', responses: { '200': { description: 'Wallets', ...json({ type: 'array', items: wallet }) }, ...errors(401) } },
      post: {
        summary: 'Add an EVM wallet (checksum checked; stored checksummed)',
        requestBody: body(addWalletSchema),
        responses: { '201': { description: 'Added', ...json(wallet) }, ...errors(400, 401, 409) },
      },
    },
    '/api/user/events': {
      post: {
        summary: 'Record a product event for the signed-in user',
        requestBody: body(userEventSchema),
        responses: { '201': { description: '{ id }' }, ...errors(400, 401, 429) },
      },
    },
    '/api/user/avatar': {
      post: {
        summary: 'Set the signed-in user’s avatar: the picture as the body (PNG, JPEG or WebP by content, at most 1 MB)',
        requestBody: { content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {} } },
        responses: { '200': { description: '{ username }' }, ...errors(401, 413, 415, 429) },
      },
    },
    '/api/avatars/[username]': {
      get: {
        summary: 'A user’s avatar from the local store (per-minute cache key in the query)',
        parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The picture' }, '404': { description: 'No picture' } },
      },
    },
  },
} as const;
