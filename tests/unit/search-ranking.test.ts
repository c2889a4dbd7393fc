import { describe, expect, it } from 'vitest';

import { SEARCH_RESULT_LIMIT } from '@/lib/constants';
import { createSearchIndex, normalizeText, SEARCH_KEYWORD_MAX_LENGTH, similarity, trigrams, type SearchResult } from '@/lib/search';

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

const ENTRIES = createSearchIndex(PROJECTS);
const ids = (keyword: string, index = ENTRIES) => index.search(keyword).map((result) => result.id);

describe('normalizeText', () => {
  it('lower-cases, strips accents and folds runs of whitespace', () => {
    expect(normalizeText('ÉTH')).toBe('eth');
    expect(normalizeText('Bítcoin')).toBe('bitcoin');
    expect(normalizeText('  Pokémon \t  Coin\n')).toBe('pokemon coin');
    expect(normalizeText('')).toBe('');
  });
});

describe('search tiers', () => {
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
    const tied = createSearchIndex([
      project('zeta', 'Coin Zeta', ['ZZ'], null),
      project('alpha', 'Coin Alpha', ['AA'], null),
      project('beta', 'Coin Beta', ['BB'], 7),
      project('gamma', 'Coin Gamma', ['GG'], 7),
      project('delta', 'Coin Delta', ['DD'], 3),
    ]);
    expect(ids('coin', tied)).toEqual(['delta', 'beta', 'gamma', 'alpha', 'zeta']);
  });
});

describe('search normalisation', () => {
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
    const [first] = ENTRIES.search('btc');
    expect(first).toEqual(PROJECTS[0]);
    expect(Object.keys(first).sort()).toEqual(['id', 'logo', 'name', 'rank', 'tokenTickers']);
  });
});

describe('search limits', () => {
  const many = createSearchIndex(Array.from({ length: 30 }, (_, index) => project(`token-${index}`, `Token ${String(index).padStart(2, '0')}`, [`TK${index}`], index + 1)));

  it('returns at most 20 results by default', () => {
    const found = many.search('token');
    expect(found).toHaveLength(20);
    expect(found.map((result) => result.rank)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('honours a smaller limit, fuzzy matches included', () => {
    expect(many.search('token', 5)).toHaveLength(5);
    expect(ENTRIES.search('bitcon', 1).map((result) => result.id)).toEqual(['bitcoin']);
  });

  it('gives nothing for an empty or blank keyword', () => {
    for (const keyword of ['', ' ', '   ', '\t\n']) expect(ENTRIES.search(keyword)).toEqual([]);
  });

  it('gives nothing on an empty index', () => {
    expect(createSearchIndex([]).search('bitcoin')).toEqual([]);
  });

  it('uses fuzzy matching only from 3 characters', () => {
    // "x.y" and "x." share trigrams with "X Y" (punctuation splits words) without being substrings of it.
    const entries = createSearchIndex([project('x-y', 'X Y', ['XYT'], 1)]);
    expect(similarity(trigrams('x.'), trigrams('X Y'))).toBeGreaterThanOrEqual(0.3);
    expect(entries.search('x.')).toEqual([]);
    expect(entries.search('x.y').map((result) => result.id)).toEqual(['x-y']);
  });

  it('matches only substrings for 1 and 2 character keywords', () => {
    for (const keyword of ['b', 'bt', 'et', 'o']) {
      for (const result of ENTRIES.search(keyword)) {
        const haystack = [result.name, ...result.tokenTickers].map(normalizeText);
        expect(haystack.some((text) => text.includes(keyword))).toBe(true);
      }
    }
  });

  it('reads only the first 100 characters of a keyword', () => {
    expect(ids(`bitcoin${'x'.repeat(5000)}`)).toEqual(ids(`bitcoin${'x'.repeat(93)}`));
  });
});

describe('search with hostile input', () => {
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
      const found = ENTRIES.search(keyword);
      expect(Array.isArray(found)).toBe(true);
      expect(found.length).toBeLessThanOrEqual(SEARCH_RESULT_LIMIT);
    },
  );

  it('treats SQL wildcards literally', () => {
    expect(ENTRIES.search('%')).toEqual([]);
    expect(ENTRIES.search('_')).toEqual([]);
    expect(ENTRIES.search("'; drop table projects; --")).toEqual([]);
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

describe('the index against a plain scan', () => {
  /** The ranking rules written as directly as possible: every entry tested against every tier. */
  function scan(results: SearchResult[], keyword: string, limit = SEARCH_RESULT_LIMIT): string[] {
    const query = normalizeText(keyword).slice(0, SEARCH_KEYWORD_MAX_LENGTH);
    if (!query) return [];
    const order = (a: SearchResult, b: SearchResult) =>
      (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name);
    const texts = (result: SearchResult) => ({ name: normalizeText(result.name), tickers: result.tokenTickers.map(normalizeText) });
    const tier = (result: SearchResult) => {
      const { name, tickers } = texts(result);
      if (name === query || tickers.includes(query)) return 0;
      if (name.startsWith(query) || tickers.some((ticker) => ticker.startsWith(query))) return 1;
      if (name.includes(query) || tickers.some((ticker) => ticker.includes(query))) return 2;
      return 3;
    };
    const sorted = [...results].sort(order);
    const ranked = [0, 1, 2].flatMap((wanted) => sorted.filter((result) => tier(result) === wanted));
    if (ranked.length < limit && query.length >= 3) {
      const wanted = trigrams(query);
      ranked.push(
        ...sorted
          .filter((result) => tier(result) === 3)
          .map((result, position) => ({ result, position, score: similarity(wanted, trigrams(result.name)) }))
          .filter((candidate) => candidate.score >= 0.3)
          .sort((a, b) => b.score - a.score || a.position - b.position)
          .map((candidate) => candidate.result),
      );
    }
    return ranked.slice(0, limit).map((result) => result.id);
  }

  // A few thousand generated projects in the shape the benchmark uses, plus the handmade ones.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const stems = ['nova', 'lumen', 'orbit', 'quant', 'vertex', 'stellar', 'ether', 'bitcoin', 'chain', 'swap', 'lido'];
  const generated: SearchResult[] = Array.from({ length: 3000 }, (_, n) => {
    const stem = stems[n % stems.length] + letters[(n * 7) % 26] + letters[(n * 13) % 26];
    const ticker = (stem.slice(0, 2) + letters[(n * 3) % 26] + letters[(n * 11) % 26]).toUpperCase();
    return project(`gen-${n}`, `${stem} ${['Finance', 'Swap', 'Protocol', 'Ça Va'][n % 4]} ${n}`, [ticker], n % 5 === 0 ? null : (n * 37) % 997);
  });
  const all = [...PROJECTS, ...generated];
  const index = createSearchIndex(all);
  const keywords = ['bitcoin', 'eth', 'et', 'ETH', 'lido', 'lid', 'swap', 'sw', 'protocol 12', 'ca va', 'ça', 'nova',
    'novx', 'stelar', 'etherum', 'bitcon', 'chian', 'qu', 'vertexab', 'orbitzz finance', 'finance 2999', '0x', 'zz', 'x',
    'lumen protocol', 'uni', 'btc', 'coin', 'pokemon', 'poke', 'quant swap 10', '🚀', 'ab', 'ba'];

  it.each(keywords)('returns exactly what a plain scan returns for %j', (keyword) => {
    expect(index.search(keyword).map((result) => result.id)).toEqual(scan(all, keyword));
    expect(index.search(keyword, 5).map((result) => result.id)).toEqual(scan(all, keyword, 5));
  });

  it('counts its entries', () => {
    expect(index.size).toBe(all.length);
  });
});
