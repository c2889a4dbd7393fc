import type * as z from 'zod/mini';

import type { RequestOptions } from '../http';
import { loadHttp } from '../load-http';

import { loadAnswerSchemas } from './load-answers';

type AnswerSchemas = Awaited<ReturnType<typeof loadAnswerSchemas>>;

/**
 * GETs `path` and checks its answer with the schema `pick` names, loading the HTTP client and the schemas
 * (./answers.ts) alongside the request. Rejects when the request fails or the answer is not what the schema says.
 */
export async function getChecked<T>(
  path: string,
  pick: (schemas: AnswerSchemas) => z.ZodMiniType<T>,
  options?: Omit<RequestOptions, 'json' | 'method'>,
): Promise<T> {
  const [body, schemas] = await Promise.all([loadHttp().then((http) => http.get(path, options)), loadAnswerSchemas()]);
  return pick(schemas).parse(body);
}
