import 'server-only';

import { SURVEY_EXPERTISE_TYPES, SURVEY_INSTITUTION_TYPES, SURVEY_USER_TYPES } from '@/lib/constants';

/** The OpenAPI description of our HTTP API (SPEC §7), served at /api/openapi.json. */

const error = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] } as const;
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [String(code), { description: 'Refused', ...json(error) }]));
const success = { type: 'object', properties: { msg: { type: 'string', enum: ['SUCCESS'] } } } as const;
const authCall = (summary: string, properties: Record<string, object>, codes: number[]) => ({
  post: {
    summary,
    tags: ['auth'],
    requestBody: json({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false }),
    responses: { '200': { description: 'Done', ...json(success) }, ...errors(...codes) },
  },
});
const email = { type: 'string', format: 'email', maxLength: 254 };
const password = { type: 'string', minLength: 8, maxLength: 256 };
const code = { type: 'string', pattern: '^\\d{6}$' };
const searchResult = {
  type: 'object',
  properties: { id: { type: 'string' }, logo: { type: ['string', 'null'] }, name: { type: 'string' }, rank: { type: ['integer', 'null'] }, tokenTickers: { type: 'array', items: { type: 'string' } } },
};
const watchlist = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string', maxLength: 20 }, projects: { type: 'array', items: { type: 'string' } } } };

const surveyAnswers = {
  type: 'object',
  additionalProperties: false,
  properties: {
    userType: { type: 'string', enum: [...SURVEY_USER_TYPES] },
    institutionType: { type: 'string', enum: [...SURVEY_INSTITUTION_TYPES] },
    expertiseType: { type: 'string', enum: [...SURVEY_EXPERTISE_TYPES] },
    projects: { type: 'array', items: { type: 'string' }, minItems: 1 },
    watchlistName: { type: 'string', minLength: 1, maxLength: 20 },
  },
};
const wallet = { type: 'object', properties: { walletAddress: { type: 'string' }, addedAt: { type: 'string', format: 'date-time' } } };
const evidence = { type: 'array', items: { type: 'object', properties: { method: { type: 'string', enum: ['source', 'probe', 'name', 'owner', 'event', 'erc165', 'erc1967'] }, detail: { type: 'string' } } } };
const address = { name: 'address', in: 'query', required: true, description: 'The contract address (0x + 40 hex digits)', schema: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } };
const projectIdParam = { name: 'projectId', in: 'query', required: true, schema: { type: 'string' } };
const countParam = { name: 'count', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } };
const metricName = { name: 'name', in: 'query', required: true, description: 'A series name with labels, e.g. exchanges(projectId=bitcoin)', schema: { type: 'string', maxLength: 512 } };
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
    '/api/auth/signup': authCall('Create an account and mail a confirmation code', { email, password }, [400, 409, 429, 502]),
    '/api/auth/verify-email': authCall('Confirm an email with its code', { email, verificationCode: code }, [400, 429]),
    '/api/auth/resend-confirmation': authCall('Mail a new confirmation code (once a minute)', { email }, [400, 429, 502]),
    '/api/auth/forgot-password': authCall('Mail a password reset code', { email }, [400, 429, 502]),
    '/api/auth/reset-forgotten-password': authCall('Set a new password with a reset code', { email, code, newPassword: password }, [400, 429]),
    '/api/search-project': {
      get: {
        summary: 'Search projects by name or ticker; under 2 characters, the trending list',
        parameters: [{ name: 'keyword', in: 'query', schema: { type: 'string', maxLength: 100 } }],
        responses: { '200': { description: 'Best match first, at most 20', ...json({ type: 'array', items: searchResult }) }, ...errors(400) },
      },
    },
    '/api/projects/vote': {
      post: {
        summary: 'One vote per voter per project, changeable',
        requestBody: json({ type: 'object', properties: { id: { type: 'string' }, vote: { type: 'boolean' } }, required: ['id', 'vote'] }),
        responses: { '200': { description: 'The project’s vote summary' }, ...errors(400, 404) },
      },
    },
    '/api/projects/average-yes-percentage': {
      get: {
        summary: 'Share of yes votes, site-wide or for one project',
        parameters: [{ name: 'id', in: 'query', schema: { type: 'string' } }],
        responses: { '200': { description: '{ yesPercentage }' }, ...errors(400, 404) },
      },
    },
    '/api/projects/page-view': {
      post: { summary: 'Count a project page view', requestBody: json({ type: 'object', properties: { projectId: { type: 'string' } }, required: ['projectId'] }), responses: { '200': { description: 'Counted' }, ...errors(400, 404) } },
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
    '/api/skynet/metric-latest': skynetGet('The newest value of a named series', [metricName], {
      type: 'object',
      properties: { series: { type: 'string' }, name: { type: 'string' }, labels: { type: 'object' }, latest: point },
    }),
    '/api/skynet/metric-by-timestamps': skynetGet(
      'A series’ value in force at each unix time (the newest point at or before it)',
      [metricName, { name: 'timestamps', in: 'query', required: true, description: 'Comma list of unix seconds, at most 100', schema: { type: 'string' } }],
      { type: 'object', properties: { series: { type: 'string' }, points: list({ timestamp: { type: 'integer' }, point }) } },
    ),
    '/api/skynet/top-callers': skynetGet('Addresses calling the project’s contracts most', [projectIdParam, countParam], list({ address: { type: 'string' }, calls: { type: 'integer' } })),
    '/api/skynet/top-events': skynetGet('The project’s most frequent events', [projectIdParam, countParam], list({ name: { type: 'string' }, count: { type: 'integer' } })),
    '/api/skynet/top-function-calls': skynetGet(
      'The project’s most called functions (reverted calls included and counted apart)',
      [projectIdParam, countParam],
      list({ name: { type: 'string' }, calls: { type: 'integer' }, reverted: { type: 'integer' } }),
    ),
    '/api/skynet/privileged-address': skynetGet(
      'Addresses holding or having held privileges on a contract (owner, roles, proxy admin) with evidence',
      [address],
      list({ chainId: { type: 'integer' }, holder: { type: 'string' }, privilege: { type: 'string' }, label: { type: 'string' }, active: { type: 'boolean' }, sinceBlock: { type: ['integer', 'null'] }, sinceTx: { type: ['string', 'null'] }, evidence }),
    ),
    '/api/skynet/privileged-function': skynetGet('A contract’s privileged functions with evidence', [address], list({ chainId: { type: 'integer' }, selector: { type: 'string' }, signature: { type: 'string' }, evidence })),
    '/api/skynet/privileged-transaction': skynetGet(
      'The newest calls to a contract’s privileged functions, reverted ones included',
      [address, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200, default: 20 } }],
      list({ chainId: { type: 'integer' }, txHash: { type: 'string' }, blockNumber: { type: 'integer' }, timestamp: { type: 'integer' }, from: { type: 'string' }, functionName: { type: 'string' }, succeeded: { type: 'boolean' } }),
    ),
    '/api/skynet/twitter-activity-by-dates': skynetGet(
      'A project’s social activity of one type (e.g. tweets, mentions) on each date',
      [projectIdParam, { name: 'type', in: 'query', required: true, schema: { type: 'string' } }, { name: 'dates', in: 'query', required: true, description: 'Comma list of YYYY-MM-DD, at most 100', schema: { type: 'string' } }],
      list({ date: { type: 'string', format: 'date' }, value: { type: ['number', 'null'] }, isDemo: { type: 'boolean' } }),
    ),
    '/api/watchlist': { get: { summary: 'The signed-in user’s watchlists', responses: { '200': { description: 'Lists', ...json({ type: 'array', items: watchlist }) }, ...errors(401) } } },
    '/api/watchlist/create': {
      post: { summary: 'Create a watchlist', requestBody: json({ type: 'object', properties: { name: { type: 'string' }, projects: { type: 'array', items: { type: 'string' } } }, required: ['name'] }), responses: { '200': { description: '{ id }' }, ...errors(400, 401, 409) } },
    },
    '/api/watchlist/update': {
      post: {
        summary: 'Rename a watchlist and, when projects is given, set its projects (omit projects to only rename)',
        requestBody: json({ ...watchlist, required: ['id', 'name'] }),
        responses: { '200': { description: '{ ok: true }' }, ...errors(400, 401, 404, 409) },
      },
    },
    '/api/watchlist/projects': {
      post: {
        summary: 'Add (watched: true) or remove one project; parallel changes compose',
        requestBody: json({ type: 'object', properties: { id: { type: 'string', format: 'uuid' }, projectId: { type: 'string' }, watched: { type: 'boolean' } }, required: ['id', 'projectId', 'watched'], additionalProperties: false }),
        responses: { '200': { description: '{ projects }: the list’s projects afterwards', ...json({ type: 'object', properties: { projects: { type: 'array', items: { type: 'string' } } } }) }, ...errors(400, 401, 404, 409) },
      },
    },
    '/api/watchlist/delete': {
      post: { summary: 'Delete a watchlist', requestBody: json({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] }), responses: { '200': { description: 'Deleted' }, ...errors(400, 401, 404) } },
    },
    // ---- Settings (issue #7) ----
    '/api/user/wallets': {
      get: { summary: 'The signed-in user’s wallets, oldest first', responses: { '200': { description: 'Wallets', ...json({ type: 'array', items: wallet }) }, ...errors(401) } },
      post: {
        summary: 'Add an EVM wallet (checksum checked; stored checksummed)',
        requestBody: json({ type: 'object', properties: { walletAddress: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } }, required: ['walletAddress'], additionalProperties: false }),
        responses: { '201': { description: 'Added', ...json(wallet) }, ...errors(400, 401, 409) },
      },
    },
    '/api/user/events': {
      post: {
        summary: 'Record a product event for the signed-in user',
        requestBody: json({ type: 'object', properties: { eventName: { type: 'string', minLength: 1, maxLength: 100 }, properties: { type: 'object', default: {} } }, required: ['eventName'], additionalProperties: false }),
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
