import { describe, expect, it } from 'vitest';

import { SEARCH_RESULT_LIMIT } from '@/lib/constants';
import { normalizeText, rankSearch, SEARCH_KEYWORD_MAX_LENGTH, similarity, toSearchEntry, trigrams, type SearchResult } from '@/lib/search';

/** A small handmade index: real-looking names, ranks chosen so that rank alone would give a different order. */
const project = (id: string, name: string, tickers: string[], rank: number | null): SearchResult => ({
  id,
  logo: `/logos/${id}.svg`,
  name,
  rank,
  tokenTickers: tickers,
});

const PROJECTS: SearchResult[] = [
  project('bitcoin', 'Bitcoin', ['BTC'], 1),
  project('ethereum', 'Ethereum', ['ETH'], 2),
  project('tether', 'Tether', ['USDT'], 3),
  project('wrapped-bitcoin', 'Wrapped Bitcoin', ['WBTC'], 15),
  project('bitcoin-cash', 'Bitcoin Cash', ['BCH'], 18),
  project('ethereum-classic', 'Ethereum Classic', ['ETC'], 22),
  project('bitcoin-gold', 'Bitcoin Gold', ['BTG'], 50),
  project('ethos', 'Ethos', ['ETHOS'], null),
  project('etherparty', 'Etherparty', ['FUEL'], null),
  project('0xbitcoin', '0xBitcoin', ['0XBTC'], null),
  project('pokemon-coin', 'Pokémon Coin', ['PKMN'], 300),
  // Four tiers for one keyword ('lido'), each better ranked than the tier above it.
  project('lido', 'Lido', ['LDO'], 40),
  project('lido-staked-eth', 'Lido Staked ETH', ['STETH'], 30),
  project('solido', 'Solido', ['SOLID'], 5),
  project('lidao', 'Lidao', ['LDAO'], 1),
  // An exact ticker with a poor rank against a prefix with the best rank.
  project('uni', 'Uni', ['UNI'], 100),
  project('uniswap-labs', 'Uniswap Labs', ['UNIL'], 0),
];

const ENTRIES = PROJECTS.map(toSearchEntry);
const ids = (keyword: string, entries = ENTRIES) => rankSearch(entries, keyword).map((result) => result.id);

describe('normalizeText', () => {
  it('lower-cases, strips accents and folds runs of whitespace', () => {
    expect(normalizeText('ÉTH')).toBe('eth');
    expect(normalizeText('Bítcoin')).toBe('bitcoin');
    expect(normalizeText('  Pokémon \t  Coin\n')).toBe('pokemon coin');
    expect(normalizeText('')).toBe('');
  });
});

describe('rankSearch tiers', () => {
  it('puts an exact name first, then prefixes, then substrings', () => {
    expect(ids('bitcoin')).toEqual(['bitcoin', 'bitcoin-cash', 'bitcoin-gold', 'wrapped-bitcoin', '0xbitcoin']);
  });

  it('puts an exact ticker first, then prefixes of names or tickers, then substrings', () => {
    const found = ids('eth');
    expect(found[0]).toBe('ethereum');
    // Prefix tier: by rank, then unranked ones by name.
    expect(found.slice(1, 4)).toEqual(['ethereum-classic', 'etherparty', 'ethos']);
    // Substring tier: "Tether", and the ticker STETH of Lido Staked ETH ranks by its rank (3 before 30).
    expect(found.slice(4)).toEqual(['tether', 'lido-staked-eth']);
  });

  it('finds a project by an exact ticker', () => {
    expect(ids('btc')[0]).toBe('bitcoin');
    expect(ids('wbtc')[0]).toBe('wrapped-bitcoin');
    expect(ids('usdt')).toEqual(['tether']);
  });

  it('ranks exact > prefix > substring > fuzzy regardless of market rank', () => {
    expect(ids('lido')).toEqual(['lido', 'lido-staked-eth', 'solido', 'lidao']);
  });

  it('ranks an exact ticker above a better-ranked prefix match', () => {
    expect(ids('uni')).toEqual(['uni', 'uniswap-labs']);
  });

  it('finds typos by trigram similarity', () => {
    expect(ids('bitcon')[0]).toBe('bitcoin');
    expect(ids('etherium')[0]).toBe('ethereum');
    // The closer spelling wins over the better rank inside the fuzzy tier.
    expect(ids('etherium')).toContain('ethereum-classic');
  });

  it('breaks ties by rank with unranked projects last, then by name', () => {
    const tied = [
      project('zeta', 'Coin Zeta', ['ZZ'], null),
      project('alpha', 'Coin Alpha', ['AA'], null),
      project('beta', 'Coin Beta', ['BB'], 7),
      project('gamma', 'Coin Gamma', ['GG'], 7),
      project('delta', 'Coin Delta', ['DD'], 3),
    ].map(toSearchEntry);
    expect(ids('coin', tied)).toEqual(['delta', 'beta', 'gamma', 'alpha', 'zeta']);
  });
});

describe('rankSearch normalisation', () => {
  it('ignores case and accents in the keyword', () => {
    expect(ids('ÉTH')[0]).toBe('ethereum');
    expect(ids('Bítcoin')[0]).toBe('bitcoin');
    expect(ids('BITCOIN')).toEqual(ids('bitcoin'));
  });

  it('ignores accents in the names', () => {
    expect(ids('pokemon')).toEqual(['pokemon-coin']);
    expect(ids('POKÉMON COIN')).toEqual(['pokemon-coin']);
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(ids('  bitcoin   cash  ')[0]).toBe('bitcoin-cash');
  });

  it('returns the result objects as given', () => {
    const [first] = rankSearch(ENTRIES, 'btc');
    expect(first).toEqual(PROJECTS[0]);
    expect(Object.keys(first).sort()).toEqual(['id', 'logo', 'name', 'rank', 'tokenTickers']);
  });
});

describe('rankSearch limits', () => {
  const many = Array.from({ length: 30 }, (_, index) => project(`token-${index}`, `Token ${String(index).padStart(2, '0')}`, [`TK${index}`], index + 1)).map(toSearchEntry);

  it(`returns at most ${SEARCH_RESULT_LIMIT} results by default`, () => {
    expect(SEARCH_RESULT_LIMIT).toBe(20);
    const found = rankSearch(many, 'token');
    expect(found).toHaveLength(20);
    expect(found.map((result) => result.rank)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('honours a smaller limit, fuzzy matches included', () => {
    expect(rankSearch(many, 'token', 5)).toHaveLength(5);
    expect(rankSearch(ENTRIES, 'bitcon', 1).map((result) => result.id)).toEqual(['bitcoin']);
  });

  it('gives nothing for an empty or blank keyword', () => {
    for (const keyword of ['', ' ', '   ', '\t\n']) expect(rankSearch(ENTRIES, keyword)).toEqual([]);
  });

  it('gives nothing on an empty index', () => {
    expect(rankSearch([], 'bitcoin')).toEqual([]);
  });

  it('uses fuzzy matching only from 3 characters', () => {
    // "x.y" and "x." share trigrams with "X Y" (punctuation splits words) without being substrings of it.
    const entries = [project('x-y', 'X Y', ['XYT'], 1)].map(toSearchEntry);
    expect(similarity(trigrams('x.'), entries[0].trigrams)).toBeGreaterThanOrEqual(0.3);
    expect(rankSearch(entries, 'x.')).toEqual([]);
    expect(rankSearch(entries, 'x.y').map((result) => result.id)).toEqual(['x-y']);
  });

  it('matches only substrings for 1 and 2 character keywords', () => {
    for (const keyword of ['b', 'bt', 'et', 'o']) {
      for (const result of rankSearch(ENTRIES, keyword)) {
        const haystack = [result.name, ...result.tokenTickers].map(normalizeText);
        expect(haystack.some((text) => text.includes(keyword))).toBe(true);
      }
    }
  });

  it('reads only the first 100 characters of a keyword', () => {
    expect(SEARCH_KEYWORD_MAX_LENGTH).toBe(100);
    expect(ids(`bitcoin${'x'.repeat(5000)}`)).toEqual(ids(`bitcoin${'x'.repeat(93)}`));
  });
});

describe('rankSearch with hostile input', () => {
  const hostile = [
    '%',
    '_',
    '%%',
    '__',
    '%_%',
    "'; drop table projects; --",
    '" OR 1=1 --',
    '\\',
    '.*',
    '(?:',
    '[',
    '$1',
    '\u0000',
    '🚀',
    '🚀🌕 moon',
    '👨‍👩‍👧‍👦',
    'a'.repeat(5000),
    '🚀'.repeat(5000),
    'é'.repeat(5000),
    '\u0301'.repeat(50),
  ];

  it.each(hostile.map((keyword) => [keyword.length > 40 ? `${keyword.slice(0, 10)}… (${keyword.length})` : keyword, keyword]))(
    'never throws for %j',
    (_label, keyword) => {
      const found = rankSearch(ENTRIES, keyword);
      expect(Array.isArray(found)).toBe(true);
      expect(found.length).toBeLessThanOrEqual(SEARCH_RESULT_LIMIT);
    },
  );

  it('treats SQL wildcards literally', () => {
    expect(rankSearch(ENTRIES, '%')).toEqual([]);
    expect(rankSearch(ENTRIES, '_')).toEqual([]);
    expect(rankSearch(ENTRIES, "'; drop table projects; --")).toEqual([]);
  });
});

describe('trigrams', () => {
  it('pads each word like pg_trgm: two spaces before, one after', () => {
    expect([...trigrams('word')].sort()).toEqual(['  w', ' wo', 'ord', 'rd ', 'wor'].sort());
  });

  it('splits words on non-alphanumerics and lower-cases them', () => {
    expect(trigrams('Foo-BAR')).toEqual(new Set(['  f', ' fo', 'foo', 'oo ', '  b', ' ba', 'bar', 'ar ']));
  });

  it('gives short words their padded grams', () => {
    expect(trigrams('a')).toEqual(new Set(['  a', ' a ']));
    expect(trigrams('ab')).toEqual(new Set(['  a', ' ab', 'ab ']));
  });

  it('is empty for text without letters or digits', () => {
    expect(trigrams('').size).toBe(0);
    expect(trigrams('  -- %% ').size).toBe(0);
  });

  it('ignores case and accents', () => {
    expect(trigrams('Éther')).toEqual(trigrams('ether'));
  });
});

describe('similarity', () => {
  const a = trigrams('bitcoin');
  const b = trigrams('bitcon');

  it('is 1 for identical sets and 0 for disjoint or empty ones', () => {
    expect(similarity(a, trigrams('Bitcoin'))).toBe(1);
    expect(similarity(a, trigrams('xyz'))).toBe(0);
    expect(similarity(a, new Set())).toBe(0);
    expect(similarity(new Set(), new Set())).toBe(0);
  });

  it('is shared over union, symmetric and within 0–1', () => {
    // bitcoin has 8 grams, bitcon 7, sharing 5 ("  b", " bi", "bit", "itc", "tco").
    expect(similarity(a, b)).toBeCloseTo(5 / 10, 10);
    expect(similarity(b, a)).toBe(similarity(a, b));
    for (const [x, y] of [
      ['ethereum', 'etherium'],
      ['ethereum', 'ethereum classic'],
      ['a', 'abc'],
      ['uniswap', 'sushiswap'],
    ]) {
      const value = similarity(trigrams(x), trigrams(y));
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });
});
