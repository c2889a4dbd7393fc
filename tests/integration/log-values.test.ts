import { afterAll, describe, expect, it } from 'vitest';

import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { getLogger, serializeError } from '@/server/logger';

import { createTestRun } from '../fixtures/test-run';

/** Issue #42: a database error's log line names the query's shape, never the values bound to it. */
const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

describe('a failed query in the log', () => {
  it('keeps the query and where it failed, and none of the values (email, name, password hash)', async () => {
    const owner = await testRun.makeUser('log-values');
    const secretHash = `$argon2id$v=19$m=19456,t=2,p=1$${'s'.repeat(22)}$${'h'.repeat(43)}`;
    const db = await getDb();
    const error = await db
      .insert(users)
      .values({ email: owner.email, username: `${owner.username}-copy`, passwordHash: secretHash })
      .then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);

    const logged = serializeError(error) as { query: string; message: string };
    expect(logged.query).toMatch(/^insert into "users" .* values \(default, \$1, \$2/i);
    expect(logged.message).toContain('duplicate key value violates unique constraint');
    const line = JSON.stringify(logged);
    for (const value of [owner.email, owner.username, secretHash, 'Key (']) expect(line).not.toContain(value);
    // The message and stack an uncaught error prints (Next logs those itself) hold no values either.
    expect(String((error as Error).message)).not.toContain(owner.email);
    expect(String((error as Error).stack)).not.toContain(secretHash);
  });

  it('is how the server logger writes every err field', () => {
    const serializers = (getLogger() as unknown as Record<symbol, unknown>)[Symbol.for('pino.serializers')] as Record<string, unknown>;
    expect(serializers.err).toBe(serializeError);
    expect(serializers.error).toBe(serializeError);
  });
});
