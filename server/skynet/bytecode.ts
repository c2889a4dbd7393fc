import 'server-only';

export type ByteRange = { start: number; length: number };

function toBytes(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  // Unlinked library placeholders (__$…$__) become zeros; their ranges are zeroed on both sides anyway.
  return Uint8Array.from(Buffer.from(clean.replace(/__\$[0-9a-f]{34}\$__/g, '0'.repeat(40)), 'hex'));
}

/**
 * Runtime code with what legitimately differs between two builds of one source removed: immutable values and
 * library addresses zeroed at solc's ranges, and the CBOR metadata (its length is the last two bytes) cut off.
 */
export function normalizeRuntime(hex: string, ignore: ByteRange[]): Uint8Array {
  const bytes = toBytes(hex);
  for (const { start, length } of ignore) bytes.fill(0, start, Math.min(start + length, bytes.length));
  if (bytes.length < 2) return bytes;
  const metadataLength = (bytes[bytes.length - 2] << 8) | bytes[bytes.length - 1];
  // 0xa1/0xa2… opens a CBOR map: only then is the tail solc's metadata.
  const start = bytes.length - 2 - metadataLength;
  if (metadataLength > 0 && start >= 0 && (bytes[start] & 0xf0) === 0xa0) return bytes.subarray(0, start);
  return bytes;
}

/** Whether deployed code is the compiled runtime code, metadata, immutables and library links aside. */
export function sameRuntime(compiled: string, deployed: string, ignore: ByteRange[]): boolean {
  const a = normalizeRuntime(compiled, ignore);
  const b = normalizeRuntime(deployed, ignore);
  return a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}
