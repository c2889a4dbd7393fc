import { describe, expect, it } from 'vitest';

import { sniffImageType } from '@/lib/avatar';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));

describe('avatar type sniffing', () => {
  it('knows a PNG by its 8-byte signature', () => {
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 'IHDR'))).toBe('image/png');
  });

  it('knows a JPEG by its start-of-image marker', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF'))).toBe('image/jpeg');
  });

  it('knows a WebP by RIFF and the WEBP form type', () => {
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it.each([
    ['a GIF', bytes('GIF89a', 1, 0, 1, 0)],
    ['an SVG (script can hide in it)', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['HTML', bytes('<!doctype html><script>')],
    ['a RIFF file that is not WebP (WAV)', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt ')],
    ['a PNG signature cut short', bytes(0x89, 'PNG', 0x0d, 0x0a)],
    ['nothing', new Uint8Array()],
  ])('refuses %s, whatever type it claims', (_label, content) => {
    expect(sniffImageType(content)).toBeNull();
  });
});
