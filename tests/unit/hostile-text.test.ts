import { describe, expect, it } from 'vitest';

import { parseAlertFilters } from '@/lib/schemas/alert-filters';
import { parseLeaderboardFilters } from '@/lib/schemas/leaderboard';
import { findHostileText, isHostileText, lineText, safeText } from '@/lib/schemas/text';

const HOSTILE = ['\u0000', 'a\u0000b', '\u0007bell', 'del\u007f', 'c1\u0085', 'broken \uFFFD utf-8', 'lone \uD800 high', 'lone \uDC00 low'];

describe('the one rule for text from outside (#42)', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(isHostileText(value)).toBe(true);
    expect(safeText().safeParse(value).success).toBe(false);
    expect(lineText(100).safeParse(value).success).toBe(false);
  });

  it('keeps what people type: accents, emoji (surrogate pairs), CJK, and line breaks in multi-line text', () => {
    for (const value of ['Ünïcödé', 'Uniswap 🦄', '以太坊', 'two\nlines\r\n\ttabbed']) expect(safeText().safeParse(value).success).toBe(true);
    expect(lineText(100).safeParse('Uniswap 🦄').success).toBe(true);
    expect(lineText(100).safeParse('two\nlines').success).toBe(false);
  });

  it('finds a hostile string anywhere in a body, keys included, and names where', () => {
    expect(findHostileText({ email: 'ada@example.com', properties: { note: 'ok', list: ['fine', 'x\u0000'] } })).toBe('properties.list.1');
    expect(findHostileText({ ['bad\u0000key']: 'value' })).toBe('(key)');
    expect(findHostileText(new URLSearchParams('q=%00'))).toBe('q');
    expect(findHostileText({ fine: ['a', 1, true, null] })).toBeNull();
  });

  it('drops a hostile filter on the pages and names it, keeping the others', () => {
    const { filters, ignored } = parseAlertFilters(new URLSearchParams('chain=%00&technique=a%00&q=Curve&category=%EF%BF%BD'));
    expect(filters).toMatchObject({ chain: null, technique: null, category: null, q: 'Curve' });
    expect(ignored).toHaveLength(3);
    expect(parseLeaderboardFilters(new URLSearchParams('category=%00&chain=Ethereum'))).toMatchObject({ category: null, chain: 'Ethereum' });
  });
});
