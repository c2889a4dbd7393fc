import { describe, expect, it } from 'vitest';

import { leaderboardFilterProblems, parseLeaderboardFilters } from '@/lib/schemas/leaderboard';

const problems = (query: string) => leaderboardFilterProblems(new URLSearchParams(query));

describe('leaderboardFilterProblems (the CSV export refuses what the page would drop)', () => {
  it('finds nothing in good or empty filters', () => {
    expect(problems('')).toEqual([]);
    expect(problems('category=DeFi&chain=Ethereum&grade=AA&minScore=40&maxScore=90.5&audit=under_audit&kyc=1&sort=name&page=3')).toEqual([]);
    expect(problems('maxScore=&grade=')).toEqual([]);
  });

  it('names each bad value and each parameter that is not a filter', () => {
    expect(problems('grade=ZZ&minScore=lots&sort=random&kyc=maybe&audit=x')).toEqual([
      'grade=“ZZ” is not a valid value',
      'minScore=“lots” is not a valid value',
      'sort=“random” is not a valid value',
      'kyc=“maybe” is not a valid value',
      'audit=“x” is not a valid value',
    ]);
    expect(problems('categroy=DeFi')).toEqual(['categroy is not a leaderboard filter']);
    expect(problems('maxScore=101')).toEqual(['maxScore=“101” is not a valid value']);
  });

  it('agrees with the page: every value it refuses is one the page ignores', () => {
    for (const query of ['grade=ZZ', 'minScore=lots', 'sort=random', 'audit=x', 'page=0']) {
      expect(problems(query), query).toHaveLength(1);
      expect(parseLeaderboardFilters(new URLSearchParams(query)), query).toEqual(parseLeaderboardFilters(new URLSearchParams('')));
    }
  });
});
