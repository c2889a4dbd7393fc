import 'server-only';

import pino from 'pino';
import pretty from 'pino-pretty';

import { getConfig } from './config';

function createLogger() {
  const config = getConfig();
  const options = { level: config.logLevel, base: { service: 'web' } };
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
