import { describe, expect, it } from 'vitest';

import { csvLine, csvStream, toCsv } from '@/lib/csv';

import { parseCsv } from '../support/csv';

const decoder = new TextDecoder();

describe('csvLine', () => {
  it('is one record of toCsv, guarded and quoted the same way', () => {
    const row = ['=1+1', 'a, b', -5, null, '\tcell'];
    expect(csvLine(row)).toBe(toCsv(['x'], [row]).slice('x\r\n'.length));
    expect(parseCsv(csvLine(row))).toEqual([["'=1+1", 'a, b', '-5', '', "'\tcell"]]);
  });
});

describe('csvStream', () => {
  it('writes the header first and reads a batch only when the reader asks for more', async () => {
    const batches = [[['1', '=HYPERLINK("x")']], [['2', '+3']], []];
    let reads = 0;
    const reader = csvStream(['id', 'text'], async () => batches[reads++]).getReader();
    expect(decoder.decode((await reader.read()).value)).toBe('id,text\r\n');
    // The stream asks for its first batch as soon as it starts (to fill its one-chunk queue), not for the rest.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBeLessThanOrEqual(1);
    expect(decoder.decode((await reader.read()).value)).toBe(`1,"'=HYPERLINK(""x"")"\r\n`);
    expect(decoder.decode((await reader.read()).value)).toBe("2,'+3\r\n");
    expect((await reader.read()).done).toBe(true);
    expect(reads).toBe(3);
  });
});
