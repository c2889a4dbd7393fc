// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { bucketAvatarStore } from '@/server/avatars';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGOQizohF3WCAUIBACBmBQGutJrkAAAAAElFTkSuQmCC', 'base64'));

/** A tiny in-memory bucket that speaks HTTP GET, PUT and DELETE by key, as the app expects of AVATAR_BASE_URL. */
function fakeBucket() {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const requests: string[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url}`);
    if (method === 'PUT') {
      objects.set(url, { bytes: new Uint8Array(await new Response(init!.body).arrayBuffer()), type: new Headers(init!.headers).get('content-type') ?? '' });
      return new Response(null, { status: 200 });
    }
    if (method === 'DELETE') {
      objects.delete(url);
      return new Response(null, { status: 204 });
    }
    const found = objects.get(url);
    return found ? new Response(found.bytes as BodyInit, { headers: { 'content-type': found.type } }) : new Response(null, { status: 404 });
  }) as typeof fetch;
  return { objects, requests, fetchImpl };
}

describe('the avatar bucket store (AVATAR_BASE_URL)', () => {
  it('puts a picture at <base>/<username> with its type', async () => {
    const bucket = fakeBucket();
    await bucketAvatarStore('https://bucket.example/avatars/', bucket.fetchImpl).put('ada', PNG, 'image/png');
    expect(bucket.objects.get('https://bucket.example/avatars/ada')).toEqual({ bytes: PNG, type: 'image/png' });
  });

  it('moves the picture when the username changes', async () => {
    const bucket = fakeBucket();
    const store = bucketAvatarStore('https://bucket.example/avatars', bucket.fetchImpl);
    await store.put('ada', PNG, 'image/png');
    await store.move('ada', 'ada-l');
    expect([...bucket.objects.keys()]).toEqual(['https://bucket.example/avatars/ada-l']);
  });

  it('refuses keys that are not usernames before any request', async () => {
    const bucket = fakeBucket();
    await expect(bucketAvatarStore('https://bucket.example', bucket.fetchImpl).put('../x', PNG, 'image/png')).rejects.toThrow();
    expect(bucket.requests).toEqual([]);
  });

  it('reports a refused upload', async () => {
    const refusing = (async () => new Response(null, { status: 403 })) as unknown as typeof fetch;
    await expect(bucketAvatarStore('https://bucket.example', refusing).put('ada', PNG, 'image/png')).rejects.toThrow(/403/);
  });
});
