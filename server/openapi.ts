import 'server-only';

import { z } from '@/lib/zod';

import { apiErrorSchema, createdSchema, doneSchema, healthSchema, staffFileKeySchema } from '@/lib/schemas/api';
import {
  authDoneSchema,
  forgotPasswordBodySchema,
  resendConfirmationBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  verifyEmailBodySchema,
} from '@/lib/schemas/auth';
import { pageViewBodySchema, searchQuerySchema, searchResultSchema, voteBodySchema, voteQuerySchema, yesPercentageQuerySchema, yesPercentageSchema } from '@/lib/schemas/projects';
import { unreadNotificationsSchema, voteSummarySchema, watchlistProjectsSchema, watchlistSchema } from '@/lib/schemas/answers';
import { addWalletSchema, avatarOwnerSchema, userEventSchema, usernameSchema, walletSchema } from '@/lib/schemas/settings';
import {
  contractAddressQuerySchema,
  metricByTimestampsQuerySchema,
  metricByTimestampsSchema,
  metricLatestQuerySchema,
  metricLatestSchema,
  privilegedAddressSchema,
  privilegedFunctionSchema,
  privilegedTransactionQuerySchema,
  privilegedTransactionSchema,
  socialActivityDaySchema,
  socialActivityQuerySchema,
  topCallerSchema,
  topEventSchema,
  topFunctionCallSchema,
  topQuerySchema,
} from '@/lib/schemas/skynet';
import { surveyAnswersSchema } from '@/lib/schemas/survey';
import {
  createWatchlistSchema,
  deleteWatchlistSchema,
  setWatchlistProjectSchema,
  updateWatchlistSchema,
} from '@/lib/schemas/watchlist';

/**
 * The OpenAPI description of our HTTP API (SPEC §7), served at /api/openapi.json. Requests and answers alike are
 * generated from the zod schemas the routes validate with and type their answers by, so the document cannot drift
 * from the code; tests/integration/openapi-answers.test.ts checks real answers against it.
 */

/**
 * A zod schema as JSON Schema: what a client sends (`input`: before defaults and transforms) or what it gets back
 * (`output`). Output objects come out closed (additionalProperties false), so an answer that grows a field no
 * longer matches. An answer schema that JSON Schema cannot express (a transform) throws rather than turn vague.
 */
// Answers the browser reads on every page are zod/mini schemas (lib/schemas/answers.ts): core types cover both builds.
const jsonSchemaOf = (schema: z.core.$ZodType, io: 'input' | 'output') => {
  const generated: Record<string, unknown> = { ...z.toJSONSchema(schema, io === 'input' ? { io, unrepresentable: 'any' } : { io }) };
  // The document states its dialect once (OpenAPI 3.1 is JSON Schema 2020-12).
  delete generated.$schema;
  return generated;
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
/** A JSON request body described by its zod schema. */
const body = (schema: z.ZodType) => json(jsonSchemaOf(schema, 'input'));
/** Query parameters described by a zod object schema. */
const queryOf = (schema: z.ZodObject) => {
  const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.includes(name), schema: property }));
};
/** A JSON answer described by its zod schema. */
const answer = (description: string, schema: z.core.$ZodType) => ({ description, ...json(jsonSchemaOf(schema, 'output')) });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [String(code), answer('Refused', apiErrorSchema)]));

const authCall = (summary: string, schema: z.ZodType, codes: number[]) => ({
  post: { summary, tags: ['auth'], requestBody: body(schema), responses: { '200': answer('Done', authDoneSchema), ...errors(...codes) } },
});
const skynetGet = (summary: string, query: z.ZodObject, result: z.ZodType) => ({
  get: { summary, tags: ['skynet'], parameters: queryOf(query), responses: { '200': answer('Briefly cached', result), ...errors(400) } },
});

export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Sentinel Shield API', version: '1.0.0', description: 'Errors are `{ "error": "<Name or message>" }` with a 4xx status; auth errors carry the exception names of the user pool.' },
  paths: {
    '/api/health': {
      get: {
        summary: 'Liveness with a database check',
        responses: { '200': answer('Up', healthSchema), '503': answer('Database unavailable, or the instance is shutting down (with Retry-After)', healthSchema) },
      },
    },
    '/api/auth/signup': authCall('Create an account and queue a mail with its confirmation code', signupBodySchema, [400, 409, 413, 429]),
    '/api/auth/verify-email': authCall('Confirm an email with its code', verifyEmailBodySchema, [400, 413, 429]),
    '/api/auth/resend-confirmation': authCall('Queue a mail with a new confirmation code (once a minute)', resendConfirmationBodySchema, [400, 413, 429]),
    '/api/auth/forgot-password': authCall('Queue a mail with a password reset code (the same answer for every email)', forgotPasswordBodySchema, [400, 413, 429]),
    '/api/auth/reset-forgotten-password': authCall('Set a new password with a reset code', resetPasswordBodySchema, [400, 413, 429]),
    '/api/search-project': {
      get: {
        summary: 'Search projects by name or ticker; under 2 characters, the trending list',
        parameters: queryOf(searchQuerySchema),
        responses: { '200': answer('Best match first, at most 20', z.array(searchResultSchema)), ...errors(400) },
      },
    },
    '/api/projects/vote': {
      get: {
        summary: 'A project’s vote summary with the asking voter’s own vote (null when unknown); sets no cookie',
        parameters: queryOf(voteQuerySchema),
        responses: { '200': answer('The project’s vote summary', voteSummarySchema), ...errors(400, 404) },
      },
      post: {
        summary: 'One vote per voter per project, changeable',
        requestBody: body(voteBodySchema),
        responses: { '200': answer('The project’s vote summary', voteSummarySchema), ...errors(400, 403, 404, 413, 429) },
      },
    },
    '/api/projects/average-yes-percentage': {
      get: {
        summary: 'Share of yes votes, site-wide or for one project',
        parameters: queryOf(yesPercentageQuerySchema),
        responses: { '200': answer('{ yesPercentage } site-wide; with id also { id, votes }', yesPercentageSchema), ...errors(400, 404) },
      },
    },
    '/api/projects/page-view': {
      post: {
        summary: 'Count a project page view (once per visitor per project per day)',
        requestBody: body(pageViewBodySchema),
        responses: { '200': answer('Counted', doneSchema), ...errors(400, 403, 404, 413, 429) },
      },
    },
    '/api/user/survey': {
      get: { summary: 'The signed-in user’s survey reply; {} when not answered', tags: ['user'], responses: { '200': answer('Reply', surveyAnswersSchema), ...errors(401) } },
    },
    '/api/user/survey/upload': {
      post: {
        summary: 'Store the survey answers; with projects and watchlistName it also creates that watchlist',
        tags: ['user'],
        requestBody: body(surveyAnswersSchema),
        responses: { '200': answer('Stored', doneSchema), ...errors(400, 401, 409) },
      },
    },
    '/api/skynet/metric-latest': skynetGet('The newest value of a named series', metricLatestQuerySchema, metricLatestSchema),
    '/api/skynet/metric-by-timestamps': skynetGet(
      'A series’ value in force at each unix time (the newest point at or before it)',
      metricByTimestampsQuerySchema,
      metricByTimestampsSchema,
    ),
    '/api/skynet/top-callers': skynetGet('Addresses calling the project’s contracts most', topQuerySchema, z.array(topCallerSchema)),
    '/api/skynet/top-events': skynetGet('The project’s most frequent events', topQuerySchema, z.array(topEventSchema)),
    '/api/skynet/top-function-calls': skynetGet(
      'The project’s most called functions (reverted calls included and counted apart)',
      topQuerySchema,
      z.array(topFunctionCallSchema),
    ),
    '/api/skynet/privileged-address': skynetGet(
      'Addresses holding or having held privileges on a contract (owner, roles, proxy admin) with evidence',
      contractAddressQuerySchema,
      z.array(privilegedAddressSchema),
    ),
    '/api/skynet/privileged-function': skynetGet('A contract’s privileged functions with evidence', contractAddressQuerySchema, z.array(privilegedFunctionSchema)),
    '/api/skynet/privileged-transaction': skynetGet(
      'The newest calls to a contract’s privileged functions, reverted ones included',
      privilegedTransactionQuerySchema,
      z.array(privilegedTransactionSchema),
    ),
    '/api/skynet/twitter-activity-by-dates': skynetGet(
      'A project’s social activity of one type (e.g. tweets, mentions) on each date',
      socialActivityQuerySchema,
      z.array(socialActivityDaySchema),
    ),
    '/api/watchlist': { get: { summary: 'The signed-in user’s watchlists', responses: { '200': answer('Lists', z.array(watchlistSchema)), ...errors(401) } } },
    '/api/watchlist/create': {
      post: { summary: 'Create a watchlist', requestBody: body(createWatchlistSchema), responses: { '200': answer('Created', createdSchema), ...errors(400, 401, 409) } },
    },
    '/api/watchlist/update': {
      post: {
        summary: 'Rename a watchlist and, when projects is given, set its projects (omit projects to only rename)',
        requestBody: body(updateWatchlistSchema),
        responses: { '200': answer('Changed', doneSchema), ...errors(400, 401, 404, 409) },
      },
    },
    '/api/watchlist/projects': {
      post: {
        summary: 'Add (watched: true) or remove one project; parallel changes compose',
        requestBody: body(setWatchlistProjectSchema),
        responses: { '200': answer('The list’s projects afterwards', watchlistProjectsSchema), ...errors(400, 401, 404, 409) },
      },
    },
    '/api/watchlist/delete': {
      post: { summary: 'Delete a watchlist', requestBody: body(deleteWatchlistSchema), responses: { '200': answer('Deleted', doneSchema), ...errors(400, 401, 404) } },
    },
    // ---- Settings (issue #7) ----
    '/api/user/wallets': {
      get: { summary: 'The signed-in user’s wallets, oldest first', responses: { '200': answer('Wallets', z.array(walletSchema)), ...errors(401) } },
      post: {
        summary: 'Add an EVM wallet (checksum checked; stored checksummed)',
        requestBody: body(addWalletSchema),
        responses: { '201': answer('Added', walletSchema), ...errors(400, 401, 409) },
      },
    },
    '/api/user/notifications/unread': {
      get: { summary: 'How many of the signed-in user’s notifications are unread (the header’s bell)', responses: { '200': answer('The count', unreadNotificationsSchema), ...errors(401) } },
    },
    '/api/user/events': {
      post: {
        summary: 'Record a product event for the signed-in user',
        requestBody: body(userEventSchema),
        responses: { '201': answer('Recorded', createdSchema), ...errors(400, 401, 429) },
      },
    },
    '/api/user/avatar': {
      post: {
        summary: 'Set the signed-in user’s avatar: the picture as the body (PNG, JPEG or WebP by content, at most 1 MB)',
        requestBody: { content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {} } },
        responses: { '200': answer('Stored under the username', avatarOwnerSchema), ...errors(401, 413, 415, 429) },
      },
    },
    '/api/avatars/{username}': {
      get: {
        summary: 'A user’s avatar from the local store (per-minute cache key in the query)',
        parameters: [{ name: 'username', in: 'path', required: true, schema: jsonSchemaOf(usernameSchema, 'input') }],
        responses: {
          '200': { description: 'The picture', content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {} } },
          '404': { description: 'No picture' },
        },
      },
    },
    '/api/files/{key}': {
      get: {
        summary: 'A file staff published (a project logo or an audit report), by its content hash; never changes',
        parameters: [{ name: 'key', in: 'path', required: true, schema: jsonSchemaOf(staffFileKeySchema, 'input') }],
        responses: {
          '200': { description: 'The file', content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {}, 'application/pdf': {} } },
          '404': { description: 'No such file' },
        },
      },
    },
  },
};
