import 'server-only';

import manifest from 'cryptocurrency-icons/manifest.json';

import type { NewProject } from './schema';

type IconEntry = { symbol: string; name: string; color: string };

/**
 * Well-known assets in rough market-capitalisation order, so the demo ranking reads plausibly. Every rank is
 * still generated, which is why each seeded row is marked as demo.
 */
const LEADING_SYMBOLS = [
  'BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'XRP', 'USDC', 'ADA', 'DOGE', 'TRX', 'AVAX', 'LINK', 'DOT', 'MATIC', 'TON',
  'SHIB', 'LTC', 'BCH', 'UNI', 'ATOM', 'XLM', 'ETC', 'XMR', 'FIL', 'ICP', 'HBAR', 'APT', 'VET', 'NEAR', 'MKR',
  'AAVE', 'GRT', 'ALGO', 'QNT', 'EOS', 'XTZ', 'SAND', 'MANA', 'AXS', 'THETA', 'FTM', 'RUNE', 'CRV', 'SNX', 'COMP',
  'ZEC', 'DASH', 'NEO', 'KCS', 'CHZ', 'ENJ', 'BAT', '1INCH', 'SUSHI', 'YFI', 'ZRX', 'LRC', 'OMG', 'KNC', 'BAL',
];

const CATEGORIES = ['DeFi', 'Layer 1', 'Layer 2', 'Exchange', 'Stablecoin', 'Gaming', 'NFT', 'Infrastructure', 'Privacy', 'Payments'];
const CHAINS = ['Ethereum', 'BNB Chain', 'Polygon', 'Arbitrum', 'Optimism', 'Avalanche', 'Solana', 'Base'];

/** A stable 32-bit hash, so generated demo figures are the same on every machine and every run. */
function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) {
    h ^= char.codePointAt(0)!;
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** One project per distinct name; assets sharing a name (old and new tokens) become one project with several tickers. */
export function buildSeedProjects(): NewProject[] {
  const byName = new Map<string, IconEntry[]>();
  for (const entry of manifest as IconEntry[]) {
    const list = byName.get(entry.name) ?? [];
    list.push(entry);
    byName.set(entry.name, list);
  }

  const leadingIndex = (symbol: string) => {
    const index = LEADING_SYMBOLS.indexOf(symbol);
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  const groups = [...byName.entries()].map(([name, entries]) => {
    const sorted = [...entries].sort((a, b) => leadingIndex(a.symbol) - leadingIndex(b.symbol));
    return { name, entries: sorted, order: leadingIndex(sorted[0].symbol), tiebreak: hash(name) };
  });
  groups.sort((a, b) => a.order - b.order || a.tiebreak - b.tiebreak);

  const usedSlugs = new Set<string>();
  return groups.map((group, index) => {
    const primary = group.entries[0];
    let id = slugify(group.name) || slugify(primary.symbol) || `project-${index + 1}`;
    if (!/^[a-z0-9]/.test(id)) id = `p-${id}`;
    while (usedSlugs.has(id)) id = `${id}-${slugify(primary.symbol) || index}`;
    usedSlugs.add(id);

    const h = hash(group.name);
    const chainCount = 1 + (h % 3);
    const chains = Array.from(new Set(Array.from({ length: chainCount }, (_, i) => CHAINS[(h >>> (i * 4)) % CHAINS.length])));
    return {
      id,
      name: group.name,
      logo: `/logos/${primary.symbol.toLowerCase()}.svg`,
      rank: index + 1,
      tokenTickers: group.entries.map((entry) => entry.symbol),
      category: CATEGORIES[(h >>> 8) % CATEGORIES.length],
      chains,
      website: null,
      description: null,
      auditStatus: (['audited', 'audited', 'under_audit', 'none'] as const)[(h >>> 12) % 4],
      kycVerified: (h >>> 16) % 3 === 0,
      isDemo: true,
    } satisfies NewProject;
  });
}
