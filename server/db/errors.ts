import 'server-only';

/** The PostgreSQL error code behind a failed query (drivers and Drizzle may wrap the driver's error as `cause`). */
function postgresCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** True when a query failed on a unique constraint (23505), e.g. a name or email taken by a parallel request. */
export const isUniqueViolation = (error: unknown) => postgresCode(error) === '23505';
