// @vitest-environment node
import { createHash } from 'node:crypto';

import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * Staff uploads are stored like avatars: with FILES_BASE_URL set, in the bucket (PUT <base>/<sha256>.<ext>) and read
 * by browsers from there; without it, under DATA_DIR/files and served by the app (tests/integration/staff-projects).
 */

vi.mock('@/server/config', () => ({ getConfig: () => ({ filesBaseUrl: 'https://bucket.example/uploads', dataDir: '/nonexistent/never-written' }) }));
const logged = vi.hoisted(() => [] as unknown[]);
vi.mock('@/server/logger', () => ({ logger: { error: (...args: unknown[]) => logged.push(args) } }));

const PDF = new TextEncoder().encode('%PDF-1.7\n% an audit report\n%%EOF\n');

afterEach(() => vi.unstubAllGlobals());

describe('staff files with FILES_BASE_URL', () => {
  it('puts an audit report in the bucket under its content hash, with its type, and links browsers to it there', async () => {
    const puts: { url: string; type: string | null; bytes: Uint8Array }[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      puts.push({ url: String(input), type: new Headers(init?.headers).get('content-type'), bytes: new Uint8Array(await new Response(init?.body).arrayBuffer()) });
      return new Response(null, { status: init?.method === 'PUT' ? 200 : 405 });
    });
    const { saveStaffFile, staffFileUrl } = await import('@/server/files');

    const { key, type } = await saveStaffFile('report', PDF);
    expect(key).toBe(`${createHash('sha256').update(PDF).digest('hex')}.pdf`);
    expect(type).toBe('application/pdf');
    expect(puts).toEqual([{ url: `https://bucket.example/uploads/${key}`, type: 'application/pdf', bytes: PDF }]);
    expect(staffFileUrl(key)).toBe(`https://bucket.example/uploads/${key}`);
  });

  it('answers a bucket that refuses the upload with a message to try again, and logs why', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 403 }));
    const { saveStaffFile } = await import('@/server/files');
    await expect(saveStaffFile('report', PDF)).rejects.toThrow('The file could not be stored. Try again.');
    expect(JSON.stringify(logged.map((args) => String((args as [{ err: Error }])[0].err)))).toContain('file bucket PUT answered 403');
  });
});
