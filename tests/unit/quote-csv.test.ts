import { describe, expect, it } from 'vitest';

import { csvCell, toCsv } from '@/lib/csv';

import { parseCsv } from '../support/csv';

describe('csvCell', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('prefixes an apostrophe to text a spreadsheet would run as a formula', () => {
    for (const formula of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '  =1+1']) {
      expect(csvCell(formula).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('hello@example.com')).toBe('hello@example.com');
  });

  it('writes numbers as they are and leaves null empty', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('round-trips awkward values through a standard reader, formulas neutralised', () => {
    const rows = [
      ['Ada', 'Notes with "quotes", commas\r\nand lines', '=cmd|"/c calc"!A1'],
      ['Bob', '', '@attack'],
    ];
    const text = toCsv(['Name', 'Notes', 'Company'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['Name', 'Notes', 'Company'],
      ['Ada', 'Notes with "quotes", commas\r\nand lines', `'=cmd|"/c calc"!A1`],
      ['Bob', '', "'@attack"],
    ]);
  });
});
