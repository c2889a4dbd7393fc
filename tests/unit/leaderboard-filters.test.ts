import { describe, expect, it } from 'vitest';

import { DEFAULT_FILTERS, LEADERBOARD_SORTS, leaderboardQuery, type LeaderboardFilters } from '@/lib/leaderboard';
import { parseLeaderboardFilters } from '@/lib/schemas/leaderboard';
import { GRADES } from '@/lib/score';

const fromQuery = (query: string) => parseLeaderboardFilters(new URLSearchParams(query));

describe('parseLeaderboardFilters', () => {
  it('without parameters filters nothing and shows the first page by score', () => {
    const unfiltered = { category: null, chain: null, grade: null, minScore: null, maxScore: null, audit: null, kyc: false, sort: 'score', page: 1 };
    expect(fromQuery('')).toEqual(unfiltered);
    expect(parseLeaderboardFilters({})).toEqual(unfiltered);
  });

  it('reads every filter from URLSearchParams', () => {
    expect(fromQuery('category=DeFi&chain=Ethereum&grade=AA&minScore=40&maxScore=90.5&audit=under_audit&kyc=1&sort=name&page=3')).toEqual({
      category: 'DeFi',
      chain: 'Ethereum',
      grade: 'AA',
      minScore: 40,
      maxScore: 90.5,
      audit: 'under_audit',
      kyc: true,
      sort: 'name',
      page: 3,
    });
  });

  it('reads every filter from a searchParams record, taking the first of repeated values', () => {
    expect(
      parseLeaderboardFilters({
        category: ['Layer 1', 'DeFi'],
        chain: 'BNB Chain',
        grade: ['BBB', 'AAA'],
        minScore: '10',
        maxScore: undefined,
        audit: 'none',
        kyc: 'true',
        sort: ['rank', 'name'],
        page: '2',
      }),
    ).toEqual({ ...DEFAULT_FILTERS, category: 'Layer 1', chain: 'BNB Chain', grade: 'BBB', minScore: 10, audit: 'none', kyc: true, sort: 'rank', page: 2 });
  });

  it('takes the first of repeated URL parameters', () => {
    expect(fromQuery('category=Gaming&category=NFT&sort=audit&sort=name')).toMatchObject({ category: 'Gaming', sort: 'audit' });
  });

  it('decodes encoded values', () => {
    expect(fromQuery('category=Layer%201&chain=BNB+Chain')).toMatchObject({ category: 'Layer 1', chain: 'BNB Chain' });
  });

  it('accepts every grade and sort it offers', () => {
    for (const grade of GRADES) expect(fromQuery(`grade=${grade}`).grade).toBe(grade);
    for (const sort of LEADERBOARD_SORTS) expect(fromQuery(`sort=${sort}`).sort).toBe(sort);
  });

  it.each([
    ['grade=Z', 'grade', null],
    ['grade=aaa', 'grade', null],
    ['grade=', 'grade', null],
    ['sort=evil', 'sort', 'score'],
    ['sort=score;drop table projects', 'sort', 'score'],
    ['page=-3', 'page', 1],
    ['page=0', 'page', 1],
    ['page=2.5', 'page', 1],
    ['page=abc', 'page', 1],
    ['page=10001', 'page', 1],
    ['minScore=abc', 'minScore', null],
    ['minScore=-1', 'minScore', null],
    ['minScore=101', 'minScore', null],
    ['minScore=Infinity', 'minScore', null],
    ['maxScore=NaN', 'maxScore', null],
    ['audit=x', 'audit', null],
    ['audit=AUDITED', 'audit', null],
    ['category=', 'category', null],
    ['category=%20%20%20', 'category', null],
    [`category=${'a'.repeat(61)}`, 'category', null],
    [`chain=${'b'.repeat(61)}`, 'chain', null],
  ] as const)('ignores %s', (query, key, expected) => {
    const parsed = fromQuery(query);
    expect(parsed[key as keyof LeaderboardFilters]).toBe(expected);
    // Nothing else is disturbed by the bad value.
    expect({ ...parsed, [key]: DEFAULT_FILTERS[key as keyof LeaderboardFilters] }).toEqual(DEFAULT_FILTERS);
  });

  it('keeps the valid filters beside invalid ones', () => {
    expect(fromQuery('grade=Z&category=DeFi&sort=evil&page=-3&minScore=abc&maxScore=70&audit=x&kyc=1')).toEqual({
      ...DEFAULT_FILTERS,
      category: 'DeFi',
      maxScore: 70,
      kyc: true,
    });
  });

  // An empty `?maxScore=` must not become 0 (which would empty the leaderboard).
  it('ignores empty and blank score bounds and pages', () => {
    expect(fromQuery('minScore=&maxScore=')).toEqual(DEFAULT_FILTERS);
    expect(fromQuery('minScore=%20&maxScore=%20&page=')).toEqual(DEFAULT_FILTERS);
    expect(parseLeaderboardFilters({ minScore: '', maxScore: [''] })).toEqual(DEFAULT_FILTERS);
  });

  it('trims text filters', () => {
    expect(fromQuery('category=%20DeFi%20').category).toBe('DeFi');
  });

  it('swaps a reversed score range', () => {
    expect(fromQuery('minScore=80&maxScore=20')).toMatchObject({ minScore: 20, maxScore: 80 });
    expect(fromQuery('minScore=50&maxScore=50')).toMatchObject({ minScore: 50, maxScore: 50 });
    expect(fromQuery('minScore=0&maxScore=100')).toMatchObject({ minScore: 0, maxScore: 100 });
  });

  it.each([
    ['kyc=1', true],
    ['kyc=true', true],
    ['kyc=0', false],
    ['kyc=false', false],
    ['kyc=yes', false],
    ['kyc=', false],
    ['', false],
  ] as const)('reads %s as kyc %s', (query, expected) => {
    expect(fromQuery(query).kyc).toBe(expected);
  });
});

describe('leaderboardQuery', () => {
  it('is empty for the defaults', () => {
    expect(leaderboardQuery({})).toBe('');
    expect(leaderboardQuery(DEFAULT_FILTERS)).toBe('');
    expect(leaderboardQuery({ sort: 'score', page: 1, kyc: false, category: null })).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    expect(leaderboardQuery({ category: 'DeFi' })).toBe('?category=DeFi');
    expect(leaderboardQuery({ sort: 'name' })).toBe('?sort=name');
    expect(leaderboardQuery({ page: 2 })).toBe('?page=2');
    expect(leaderboardQuery({ kyc: true })).toBe('?kyc=1');
    // 0 is a real bound and is kept.
    expect(leaderboardQuery({ minScore: 0 })).toBe('?minScore=0');
  });

  it('encodes values that need it', () => {
    const query = leaderboardQuery({ category: 'Layer 1', chain: 'A&B=C' });
    expect(query).toBe('?category=Layer+1&chain=A%26B%3DC');
  });

  const samples: LeaderboardFilters[] = [
    DEFAULT_FILTERS,
    { ...DEFAULT_FILTERS, category: 'DeFi' },
    { ...DEFAULT_FILTERS, category: 'Layer 2', chain: 'BNB Chain', grade: 'CCC', audit: 'audited', kyc: true, sort: 'audit', page: 7 },
    { ...DEFAULT_FILTERS, minScore: 0, maxScore: 100 },
    { ...DEFAULT_FILTERS, minScore: 12.5, maxScore: 77.25, sort: 'rank' },
    { ...DEFAULT_FILTERS, chain: 'A&B=C?#%', grade: 'D', audit: 'none' },
    { ...DEFAULT_FILTERS, audit: 'under_audit', sort: 'name', page: 10_000 },
  ];

  it.each(samples.map((filters) => [leaderboardQuery(filters) || '(empty)', filters]))('round-trips %s through parse', (_query, filters) => {
    const query = leaderboardQuery(filters);
    expect(parseLeaderboardFilters(new URLSearchParams(query.replace(/^\?/, '')))).toEqual(filters);
    // And through a Next searchParams record.
    expect(parseLeaderboardFilters(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters);
  });

  it('is stable when parsed and written again', () => {
    const query = '?category=DeFi&grade=AA&minScore=20&maxScore=80&kyc=1&sort=name&page=2';
    expect(leaderboardQuery(fromQuery(query.slice(1)))).toBe(query);
  });
});
