import { describe, expect, it } from 'vitest';

import { formatRank } from '@/lib/utils';

describe('formatRank', () => {
  it('shows a rank as #rank', () => {
    expect(formatRank(12)).toBe('#12');
    expect(formatRank(1)).toBe('#1');
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows N/A when the rank is %s', (rank) => {
    expect(formatRank(rank)).toBe('N/A');
  });
});
