import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { AVATAR_MAX_BYTES } from '@/lib/avatar';
import { API_BODY_BYTES, BODY_HEADROOM_BYTES, BODY_LIMITS, INCIDENT_IMPORT_BODY_BYTES, SERVER_ACTION_MAX_BYTES } from '@/lib/body-limits.mjs';
import { STAFF_UPLOAD_MAX_BYTES } from '@/lib/staff-files';
import nextConfig from '@/next.config';

/*
 * The front's body caps by path (lib/body-limits.mjs) against the limits of the handlers behind them: a cap below a
 * handler's limit would refuse what the handler accepts, one far above it would let the app buffer what it refuses.
 */

/** The value of `const NAME = 64 * 1024;` in a source file, for limits their modules do not export. */
function constantIn(file: string, name: string): number {
  const match = new RegExp(`const ${name} = ([\\d\\s*]+);`).exec(fs.readFileSync(file, 'utf8'));
  expect(match, `${name} in ${file}`).not.toBeNull();
  return match![1].split('*').reduce((product, factor) => product * Number(factor), 1);
}

describe('the request body caps (lib/body-limits.mjs)', () => {
  it('give each upload route its own limit and a little headroom: the staff upload its largest kind, the avatar 1 MB, the incident import 16 MB', () => {
    expect(BODY_LIMITS.paths).toEqual({
      '/api/staff/files': STAFF_UPLOAD_MAX_BYTES + BODY_HEADROOM_BYTES,
      '/api/user/avatar': AVATAR_MAX_BYTES + BODY_HEADROOM_BYTES,
      '/api/staff/incident-imports': INCIDENT_IMPORT_BODY_BYTES + BODY_HEADROOM_BYTES,
    });
    // The middleware passes the import whole too.
    expect(INCIDENT_IMPORT_BODY_BYTES).toBeLessThanOrEqual(STAFF_UPLOAD_MAX_BYTES);
  });

  it('give every other /api route the largest of their own limits: readJson 64 kB, Auth.js 16 kB, its log beacon 8 kB', () => {
    expect(API_BODY_BYTES).toBe(constantIn('server/api.ts', 'MAX_BODY_BYTES'));
    expect(constantIn('app/api/auth/[...nextauth]/route.ts', 'MAX_AUTH_BODY_BYTES')).toBeLessThanOrEqual(API_BODY_BYTES);
    expect(constantIn('app/api/auth/%5Flog/route.ts', 'MAX_BEACON_BYTES')).toBeLessThanOrEqual(API_BODY_BYTES);
    expect(BODY_LIMITS.api).toBe(API_BODY_BYTES + BODY_HEADROOM_BYTES);
  });

  it('give page paths what a server action may send, the limit next.config.ts gives Next from the same table', () => {
    expect(nextConfig.experimental?.serverActions?.bodySizeLimit).toBe(SERVER_ACTION_MAX_BYTES);
    expect(BODY_LIMITS.other).toBe(SERVER_ACTION_MAX_BYTES + BODY_HEADROOM_BYTES);
  });

  it('go with the standalone build, where scripts/start.mjs reads them; the middleware still passes a whole 20 MB upload', () => {
    expect(nextConfig.outputFileTracingIncludes?.['/**']).toContain('./lib/body-limits.mjs');
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBe(STAFF_UPLOAD_MAX_BYTES + 1);
  });
});
