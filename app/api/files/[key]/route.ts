import { readStaffFile } from '@/server/files';

/** A staff upload (logo or audit report) from the local store; keys are content hashes, so it never changes. */
export async function GET(_request: Request, { params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  const file = await readStaffFile(key);
  if (!file) return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } });
  return new Response(file.bytes as BlobPart, {
    headers: {
      'content-type': file.type,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      ...(file.type === 'application/pdf' ? { 'content-disposition': `inline; filename="${key}"` } : {}),
    },
  });
}
