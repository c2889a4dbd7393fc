import type * as z from 'zod/mini';

import { http, type RequestOptions } from '../http';

import { loadAnswerSchemas } from './load-answers';

type AnswerSchemas = Awaited<ReturnType<typeof loadAnswerSchemas>>;

/**
 * GETs `path` and checks its answer with the schema `pick` names, loading the schemas (./answers.ts) alongside
 * the request. Rejects when the request fails or the answer is not what the schema says.
 */
export async function getChecked<T>(
  path: string,
  pick: (schemas: AnswerSchemas) => z.ZodMiniType<T>,
  options?: Omit<RequestOptions, 'json' | 'method'>,
): Promise<T> {
  const [body, schemas] = await Promise.all([http.get(path, options), loadAnswerSchemas()]);
  return pick(schemas).parse(body);
}
