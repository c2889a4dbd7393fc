import 'server-only';

import pino from 'pino';
import pretty from 'pino-pretty';

import { getConfig } from './config';

/**
 * What a database error may carry into the log besides its message and stack: where it happened, never the values.
 * A driver's `detail` ("Key (email)=(ada@example.com) already exists"), `where`, and the bound `params`/`parameters`
 * hold a user's data (an email, a password hash, a mailed code), so they are left out (issue #42); drizzle's own
 * message names the query's shape only (patches/drizzle-orm).
 */
const VALUE_FREE_ERROR_FIELDS = ['code', 'severity', 'routine', 'schema_name', 'table_name', 'column_name', 'constraint_name', 'schema', 'table', 'column', 'constraint', 'errno', 'syscall', 'status', 'statusCode', 'exception', 'query'];

/** An error as one log field: pino's own serializer, then only the fields that hold no values (and its causes, so). */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (serialized === error || !serialized || typeof serialized !== 'object') return serialized;
  const source = serialized as Record<string, unknown>;
  const kept: Record<string, unknown> = { type: source.type, message: source.message, stack: source.stack };
  for (const field of VALUE_FREE_ERROR_FIELDS) if (source[field] !== undefined && typeof source[field] !== 'object') kept[field] = source[field];
  if (Array.isArray(source.aggregateErrors)) kept.aggregateErrors = (error as AggregateError).errors.slice(0, 10).map(serializeError);
  return kept;
}

function createLogger() {
  const config = getConfig();
  const options = { level: config.logLevel, base: { service: 'web' }, serializers: { err: serializeError, error: serializeError } };
  // Readable lines while developing, one JSON object per line in production for log collectors.
  return config.isProduction ? pino(options) : pino(options, pretty({ sync: true, ignore: 'pid,hostname,service' }));
}

let instance: pino.Logger | null = null;

/** The one server logger. */
export function getLogger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}

export const logger = new Proxy({} as pino.Logger, {
  get: (_target, property) => {
    const value = Reflect.get(getLogger(), property);
    return typeof value === 'function' ? value.bind(getLogger()) : value;
  },
});
