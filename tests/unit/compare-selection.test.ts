import { describe, expect, it } from 'vitest';

import { compareHref, readCompareSelection, toggleCompare } from '@/lib/compare-selection';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { parseCompareIds } from '@/lib/schemas/compare';

describe('parseCompareIds', () => {
  it('accepts two to four distinct ids, in the order given, ignoring spaces and empty items', () => {
    expect(parseCompareIds('aave,uniswap')).toEqual({ ok: true, ids: ['aave', 'uniswap'] });
    expect(parseCompareIds(' aave , uniswap,,curve-dao ,lido')).toEqual({ ok: true, ids: ['aave', 'uniswap', 'curve-dao', 'lido'] });
    expect(parseCompareIds(['aave,lido', 'x,y,z'])).toEqual({ ok: true, ids: ['aave', 'lido'] });
  });

  it('refuses one id, none, or five, saying why', () => {
    expect(parseCompareIds('aave')).toEqual({ ok: false, problem: OPEN_DATA_TEXTS.compareTooFew });
    expect(parseCompareIds(undefined)).toEqual({ ok: false, problem: OPEN_DATA_TEXTS.compareTooFew });
    expect(parseCompareIds('')).toEqual({ ok: false, problem: OPEN_DATA_TEXTS.compareTooFew });
    expect(parseCompareIds('a,b,c,d,e')).toEqual({ ok: false, problem: OPEN_DATA_TEXTS.compareTooMany });
    expect(parseCompareIds(Array.from({ length: 300 }, (_, index) => `p${index}`).join(','))).toEqual({ ok: false, problem: OPEN_DATA_TEXTS.compareTooMany });
  });

  it('names repeated ids and malformed ones', () => {
    expect(parseCompareIds('aave,lido,aave')).toEqual({ ok: false, problem: OPEN_DATA_TEXTS.compareDuplicates(['aave']) });
    expect(parseCompareIds('aave,../etc,<b>')).toEqual({ ok: false, problem: OPEN_DATA_TEXTS.compareMalformed(['../etc', '<b>']) });
  });

  it('reads its own links back', () => {
    expect(parseCompareIds(new URL(`http://x${compareHref(['aave', 'lido', 'curve-dao'])}`).searchParams.get('ids'))).toEqual({ ok: true, ids: ['aave', 'lido', 'curve-dao'] });
  });
});

describe('the compare selection', () => {
  it('adds and removes a project, and refuses a fifth without changing the selection', () => {
    expect(toggleCompare([], 'aave')).toEqual({ selection: ['aave'], refused: false });
    expect(toggleCompare(['aave', 'lido'], 'aave')).toEqual({ selection: ['lido'], refused: false });
    const full = ['a', 'b', 'c', 'd'];
    expect(toggleCompare(full, 'e')).toEqual({ selection: full, refused: true });
    expect(toggleCompare(full, 'b')).toEqual({ selection: ['a', 'c', 'd'], refused: false });
  });

  it('reads back only well-formed, distinct ids, four at most, whatever was stored', () => {
    expect(readCompareSelection(null)).toEqual([]);
    expect(readCompareSelection('not json')).toEqual([]);
    expect(readCompareSelection('{"a":1}')).toEqual([]);
    expect(readCompareSelection(JSON.stringify(['aave', 'aave', 7, 'Bad Id', 'lido', 'c', 'd', 'e']))).toEqual(['aave', 'lido', 'c', 'd']);
  });
});
