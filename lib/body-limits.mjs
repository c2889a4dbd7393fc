// How large a request body may be, by path, in one place (#42): the HTTP front (scripts/front.mjs, given this table by
// scripts/start.mjs) answers 413 to anything larger before reading it or passing it on, and next.config.ts sets the
// server actions' limit from here. Without it every path buffered up to 20 MB (the staff upload's size, which the
// middleware must let through whole: next.config.ts) before the route's own 64 kB limit refused it.
//
// Each cap is the most the handlers on that path accept, plus a little headroom: near its own limit a handler still
// answers itself, in its own words (the staff upload's "upload at most 20 MB"), and the front stops only what none of
// them would take. The handlers keep their own limits and checks; this is the outer bound.
//
// Plain JavaScript, for the front runs under Node without TypeScript; TypeScript reads it too (allowJs).
// tests/unit/body-limits.test.ts holds the upload entries to the constants their routes use.

const KB = 1024;
const MB = 1024 * KB;

/** Room above each handler's own limit, so the handler rather than the front answers a body close to it. */
export const BODY_HEADROOM_BYTES = 4 * KB;

/**
 * What a server action may send: Next's default serverActions.bodySizeLimit, which next.config.ts sets from here.
 * Actions POST to page paths (with a `next-action` header), so this bounds every path outside /api.
 */
export const SERVER_ACTION_MAX_BYTES = MB;

/** The staff console's upload (app/api/staff/files, the file's bytes as the body): its largest kind, a 20 MB report. */
export const STAFF_UPLOAD_BODY_BYTES = 20 * MB;

/** The console's import of the incident record (app/api/staff/incident-imports, the file's text as the body). */
export const INCIDENT_IMPORT_BODY_BYTES = 16 * MB;

/** An avatar (app/api/user/avatar, the picture's bytes as the body): AVATAR_MAX_BYTES. */
export const AVATAR_BODY_BYTES = MB;

/** Every other /api route: readJson's 64 kB (server/api.ts); Auth.js (16 kB) and its log beacon (8 kB) take less. */
export const API_BODY_BYTES = 64 * KB;

/**
 * @typedef {object} BodyLimits
 * @property {Record<string, number>} paths caps of single paths (exact, no query), before the defaults below
 * @property {number} api every other path under /api/
 * @property {number} other every other path: pages (and the server actions posted to them), the rest
 */

/** @type {BodyLimits} */
export const BODY_LIMITS = {
  paths: {
    '/api/staff/files': STAFF_UPLOAD_BODY_BYTES + BODY_HEADROOM_BYTES,
    '/api/user/avatar': AVATAR_BODY_BYTES + BODY_HEADROOM_BYTES,
    '/api/staff/incident-imports': INCIDENT_IMPORT_BODY_BYTES + BODY_HEADROOM_BYTES,
  },
  api: API_BODY_BYTES + BODY_HEADROOM_BYTES,
  other: SERVER_ACTION_MAX_BYTES + BODY_HEADROOM_BYTES,
};

