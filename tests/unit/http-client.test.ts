import { describe, expect, it, vi } from 'vitest';

import { ClientError, HttpError, http, NetworkError, NotFoundError, request, retryDelayMs, ServerError } from '@/lib/http';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init });
}

function fetchAnswering(...answers: Array<Response | Error>): FetchMock {
  const mock = vi.fn<typeof fetch>();
  for (const answer of answers) {
    if (answer instanceof Error) mock.mockRejectedValueOnce(answer);
    else mock.mockResolvedValueOnce(answer);
  }
  return mock;
}

function fetchAlways(answer: () => Response | Error): FetchMock {
  return vi.fn<typeof fetch>(async () => {
    const value = answer();
    if (value instanceof Error) throw value;
    return value;
  });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail, but it succeeded');
}

const instant = async () => {};

function initOf(mock: FetchMock, call = 0): RequestInit {
  return mock.mock.calls[call][1] as RequestInit;
}

describe('the HTTP client', () => {
  describe('when no response arrives', () => {
    it('retries a rejected fetch three times, then raises a NetworkError', async () => {
      const fetchImpl = fetchAlways(() => new TypeError('fetch failed'));

      const error = await failureOf(request('/api/watchlist', { fetchImpl, sleep: instant }));

      expect(error).toBeInstanceOf(NetworkError);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as NetworkError).status).toBeNull();
      expect((error as NetworkError).message).toContain('fetch failed');
      expect(fetchImpl).toHaveBeenCalledTimes(4);
      expect(fetchImpl).toHaveBeenCalledTimes(4);
    });

    it('retries a 504 three times, then raises a NetworkError', async () => {
      const fetchImpl = fetchAlways(() => new Response('', { status: 504, statusText: 'Gateway Timeout' }));

      const error = await failureOf(request('/api/watchlist', { fetchImpl, sleep: instant }));

      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).message).toContain('Gateway Timeout');
      expect(fetchImpl).toHaveBeenCalledTimes(4);
    });

    it('returns the reply when a retry succeeds after a missing response', async () => {
      const fetchImpl = fetchAnswering(new TypeError('fetch failed'), jsonResponse({ id: 7 }));

      await expect(request('/api/watchlist', { fetchImpl, sleep: instant })).resolves.toEqual({ id: 7 });
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it('returns the reply when a retry succeeds after a 504', async () => {
      const fetchImpl = fetchAnswering(
        new Response('', { status: 504 }),
        new Response('', { status: 504 }),
        jsonResponse([{ id: 'a', name: 'Mine', projects: [] }]),
      );

      await expect(request('/api/watchlist', { fetchImpl, sleep: instant })).resolves.toEqual([{ id: 'a', name: 'Mine', projects: [] }]);
      expect(fetchImpl).toHaveBeenCalledTimes(3);
    });

    it('honours a custom retry count', async () => {
      const fetchImpl = fetchAlways(() => new TypeError('fetch failed'));

      await expect(request('/api/watchlist', { fetchImpl, retries: 1, sleep: instant })).rejects.toBeInstanceOf(NetworkError);
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it('waits before each retry, backing off with jitter: never over 200, 400, 800 ms for the three retries', async () => {
      const fetchImpl = fetchAlways(() => new TypeError('fetch failed'));
      const waits: number[] = [];

      await failureOf(request('/api/watchlist', { fetchImpl, sleep: async (ms) => void waits.push(ms) }));

      expect(waits).toHaveLength(3);
      waits.forEach((ms, attempt) => expect(ms).toBeLessThanOrEqual(200 * 2 ** attempt));
      expect(retryDelayMs(0, () => 1)).toBe(200);
      expect(retryDelayMs(10, () => 1)).toBe(2000);
      expect(retryDelayMs(3, () => 0)).toBe(0);
    });

    it.each(['POST', 'PATCH'])('sends a %s once: it may have reached the server, so a retry could do it twice', async (method) => {
      const fetchImpl = fetchAlways(() => new TypeError('fetch failed'));

      const error = await failureOf(request('/api/auth/signup', { fetchImpl, method, json: { email: 'a@b.co' }, sleep: instant }));

      expect(error).toBeInstanceOf(NetworkError);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });

    it.each(['PUT', 'DELETE'])('retries an idempotent %s like a GET', async (method) => {
      const fetchImpl = fetchAnswering(new Response('', { status: 504 }), jsonResponse({ ok: true }));

      await expect(request('/api/thing', { fetchImpl, method, sleep: instant })).resolves.toEqual({ ok: true });
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it('does not retry a request its caller aborted, and rethrows the abort', async () => {
      const controller = new AbortController();
      controller.abort();
      const abort = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
      const fetchImpl = fetchAlways(() => abort);

      const error = await failureOf(request('/api/watchlist', { fetchImpl, signal: controller.signal, sleep: instant }));

      expect(error).toBe(abort);
      expect(error).not.toBeInstanceOf(NetworkError);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });
  });

  describe('when the server answers with an error status', () => {
    it.each([500, 502, 503])('raises a ServerError for %i without retrying', async (status) => {
      const fetchImpl = fetchAlways(() => jsonResponse({ error: 'Database down' }, { status }));

      const error = await failureOf(request('/api/watchlist', { fetchImpl }));

      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status, message: 'Database down', body: { error: 'Database down' } });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });

    it('raises a ServerError carrying the status text when the body has no error', async () => {
      const fetchImpl = fetchAlways(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));

      const error = await failureOf(request('/api/watchlist', { fetchImpl }));

      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status: 503, message: 'Service Unavailable' });
    });

    it('raises a NotFoundError for 404', async () => {
      const fetchImpl = fetchAlways(() => new Response('', { status: 404, statusText: 'Not Found' }));

      const error = await failureOf(request('/api/projects/nope', { fetchImpl }));

      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).not.toBeInstanceOf(ClientError);
      expect(error).toMatchObject({ status: 404, message: 'Not Found' });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });

    it.each([400, 401, 409, 429])('raises a ClientError for %i with the message of the {error} body', async (status) => {
      const fetchImpl = fetchAlways(() => jsonResponse({ error: 'The name is already used' }, { status }));

      const error = await failureOf(request('/api/watchlist/create', { fetchImpl }));

      expect(error).toBeInstanceOf(ClientError);
      expect(error).not.toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status, message: 'The name is already used', body: { error: 'The name is already used' } });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });

    it('raises a ClientError carrying the status text when the body is not an {error} object', async () => {
      const fetchImpl = fetchAlways(() => new Response('plain text', { status: 403, statusText: 'Forbidden' }));

      const error = await failureOf(request('/api/watchlist', { fetchImpl }));

      expect(error).toBeInstanceOf(ClientError);
      expect(error).toMatchObject({ status: 403, message: 'Forbidden', body: 'plain text' });
    });

    it('raises a generic HttpError carrying the status text for any other non-OK response', async () => {
      const fetchImpl = fetchAlways(() => new Response('', { status: 302, statusText: 'Found' }));

      const error = await failureOf(request('/api/watchlist', { fetchImpl }));

      expect(error).toBeInstanceOf(HttpError);
      for (const specific of [NetworkError, ServerError, NotFoundError, ClientError]) {
        expect(error).not.toBeInstanceOf(specific);
      }
      expect(error).toMatchObject({ status: 302, message: 'Found' });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    });
  });

  describe('when the request succeeds', () => {
    it('reads the JSON reply', async () => {
      const fetchImpl = fetchAnswering(jsonResponse({ msg: 'SUCCESS' }));

      await expect(http.get('/api/user/survey', { fetchImpl })).resolves.toEqual({ msg: 'SUCCESS' });
    });

    it('returns null for an empty reply', async () => {
      const fetchImpl = fetchAnswering(new Response(null, { status: 200 }));

      await expect(http.post('/api/watchlist/delete', { id: 'a' }, { fetchImpl })).resolves.toBeNull();
    });
  });

  describe('what it sends', () => {
    it('always sends cookies, on GET and on POST', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse({}));

      await http.get('/api/watchlist', { fetchImpl });
      await http.post('/api/watchlist/create', { name: 'Mine', projects: [] }, { fetchImpl });
      await request('/api/user/wallets', { fetchImpl });

      expect(fetchImpl).toHaveBeenCalledTimes(3);
      for (const [, init] of fetchImpl.mock.calls) {
        expect(init?.credentials).toBe('include');
      }
    });

    it('sends cookies even when a caller asks for something else', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse({}));
      const sneaky = { fetchImpl, credentials: 'omit' } as unknown as Parameters<typeof request>[1];

      await request('/api/watchlist', sneaky);

      expect(initOf(fetchImpl).credentials).toBe('include');
    });

    it('posts a JSON body with a JSON content type', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse({ id: 'w1' }));

      await http.post('/api/watchlist/create', { name: 'Mine', projects: ['bitcoin'] }, { fetchImpl });

      const init = initOf(fetchImpl);
      expect(fetchImpl.mock.calls[0][0]).toBe('/api/watchlist/create');
      expect(init.method).toBe('POST');
      expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
      expect(JSON.parse(init.body as string)).toEqual({ name: 'Mine', projects: ['bitcoin'] });
    });

    it('posts an empty JSON object when no body is given', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse({}));

      await http.post('/api/auth/signout', undefined, { fetchImpl });

      expect(initOf(fetchImpl).body).toBe('{}');
    });

    it('keeps caller headers next to the JSON content type', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse({}));

      await http.post('/api/user/events', { eventName: 'x', properties: {} }, { fetchImpl, headers: { 'x-trace': '1' } });

      expect(initOf(fetchImpl).headers).toEqual({ 'content-type': 'application/json', 'x-trace': '1' });
    });

    it('sends a GET without a body or a content type', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse([]));

      await http.get('/api/watchlist', { fetchImpl });

      const init = initOf(fetchImpl);
      expect(init.method).toBe('GET');
      expect(init.body).toBeUndefined();
      expect(init.headers).toBeUndefined();
    });

    it('builds query parameters and leaves undefined values out', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse([]));

      await http.get('/api/skynet/top-callers', { fetchImpl, query: { projectId: 'uniswap', count: 10, active: true, cursor: undefined } });

      expect(fetchImpl.mock.calls[0][0]).toBe('/api/skynet/top-callers?projectId=uniswap&count=10&active=true');
    });

    it('encodes query values and appends to a path that already has a query', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse({}));

      await http.get('/api/skynet/metric-latest?name=exchanges', { fetchImpl, query: { keyword: 'a b&c' } });

      expect(fetchImpl.mock.calls[0][0]).toBe('/api/skynet/metric-latest?name=exchanges&keyword=a+b%26c');
    });

    it('leaves the path untouched when every query value is undefined', async () => {
      const fetchImpl = fetchAlways(() => jsonResponse({}));

      await http.get('/api/search-project', { fetchImpl, query: { keyword: undefined } });

      expect(fetchImpl.mock.calls[0][0]).toBe('/api/search-project');
    });
  });
});
