import { HTTP_RETRY_COUNT } from './constants';

/** Base of every error the HTTP client raises, so callers can catch them all at once. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
/** No response at all (or 504) after every retry. */
export class NetworkError extends HttpError {}
/** Status 500 or above. */
export class ServerError extends HttpError {}
/** Status 404. */
export class NotFoundError extends HttpError {}
/** Status 400–499 other than 404. */
export class ClientError extends HttpError {}

export type RequestOptions = Omit<RequestInit, 'body' | 'credentials'> & {
  /** Sent as JSON; leave unset for GET. */
  json?: unknown;
  /** Sent as it is (a file upload); give its content-type in `headers`. */
  body?: Blob | ArrayBuffer | Uint8Array;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** How many times a missing response or a 504 is tried again (idempotent requests only). */
  retries?: number;
  fetchImpl?: typeof fetch;
  /** Waits before a retry; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
};

/** Methods that may be sent twice without doing twice what they do; only these are retried. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Exponential back-off with full jitter: up to 200 ms before the first retry, doubling, at most 2 s. */
export const retryDelayMs = (attempt: number, random = Math.random) => Math.round(random() * Math.min(200 * 2 ** attempt, 2000));

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFor(response: Response, body: unknown): HttpError {
  const detail =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : response.statusText;
  const { status } = response;
  if (status >= 500) return new ServerError(detail || 'Server error', status, body);
  if (status === 404) return new NotFoundError(detail || 'Not found', status, body);
  if (status >= 400) return new ClientError(detail || 'Client error', status, body);
  return new HttpError(response.statusText || `Unexpected status ${status}`, status, body);
}

/**
 * Calls our HTTP API with cookies and reads the JSON reply (SPEC §8): for an idempotent request a missing response
 * or a 504 is retried up to three times, with back-off and jitter, and then raises a NetworkError (a POST is sent
 * once: it may have reached the server); other failures raise the error class of their status.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { json, body, query, retries = HTTP_RETRY_COUNT, fetchImpl = fetch, sleep = wait, headers, ...init } = options;
  const url = buildUrl(path, query);
  const finalInit: RequestInit = {
    ...init,
    credentials: 'include',
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? (body as BodyInit | undefined) : JSON.stringify(json),
  };
  const tries = IDEMPOTENT_METHODS.has((init.method ?? 'GET').toUpperCase()) ? retries : 0;

  let lastFailure = 'No response';
  for (let attempt = 0; attempt <= tries; attempt++) {
    if (attempt > 0) await sleep(retryDelayMs(attempt - 1));
    let response: Response;
    try {
      response = await fetchImpl(url, finalInit);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      lastFailure = error instanceof Error ? error.message : 'No response';
      continue;
    }
    if (response.status === 504) {
      lastFailure = response.statusText || 'Gateway Timeout';
      continue;
    }
    const body = await readBody(response);
    if (!response.ok) throw errorFor(response, body);
    return body as T;
  }
  throw new NetworkError(`Network error: ${lastFailure}`, null);
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'json' | 'method'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'json' | 'method'>) =>
    request<T>(path, { ...options, method: 'POST', json: json ?? {} }),
  /** A raw body, such as a picture. */
  upload: <T>(path: string, body: Blob, options?: Omit<RequestOptions, 'json' | 'body' | 'method'>) =>
    request<T>(path, { ...options, method: 'POST', body, headers: { 'content-type': body.type || 'application/octet-stream', ...options?.headers } }),
};
