import 'server-only';

import { createHash } from 'node:crypto';
import manifest from 'cryptocurrency-icons/manifest.json';

import { STAFF_ALERT_TYPES } from '@/lib/alerts';
import { PILLARS } from '@/lib/score';

import { ALERT_CONFIDENCE, FINDING_SEVERITIES, type audits, type Findings, type NewProject, type securityAlerts } from './schema';

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
  // Final avalanche (MurmurHash3's fmix32) so that low bits differ between similar keys.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
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
      logo: `/logos/${primary.symbol.toLowerCase()}.png`,
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

/** A stable UUID from a name (SHA-1 based, version 5 layout), so re-seeding finds the same rows. */
export function nameUuid(name: string): string {
  const hex = createHash('sha1').update(`sentinel-demo:${name}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Demo figures are anchored to a fixed day so every machine generates the same data. */
const DEMO_ANCHOR = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

/** A deterministic number in [min, max] for a key. */
function demoNumber(key: string, min: number, max: number): number {
  return min + (hash(key) % 10_000) / 9_999 * (max - min);
}

/** Demo signals for every pillar; better-ranked and audited projects lean higher, as real data tends to. */
export function buildDemoSignals(project: NewProject): Record<string, Record<string, number>> {
  const rankBoost = project.rank ? Math.max(0, 25 - project.rank / 20) : 0;
  const auditBoost = project.auditStatus === 'audited' ? 15 : project.auditStatus === 'under_audit' ? 5 : -10;
  const signals: Record<string, Record<string, number>> = {};
  for (const pillar of PILLARS) {
    signals[pillar.key] = Object.fromEntries(
      pillar.signals.map((signal) => {
        const base = demoNumber(`${project.id}:${signal.key}`, 35, 85);
        const boost = pillar.key === 'codeSecurity' ? auditBoost : pillar.key === 'fundamentalHealth' && project.kycVerified ? 10 : 0;
        return [signal.key, Math.round(Math.min(100, Math.max(0, base + rankBoost + boost)))];
      }),
    );
  }
  return signals;
}

const AUDITORS = ['Sentinel Shield', 'Sentinel Shield', 'Independent review'];
const SCOPES = ['Token and staking contracts', 'Core protocol contracts', 'Bridge and vault contracts', 'Governance and timelock contracts'];

/** One or two demo audits for each audited project. */
export function buildDemoAudits(projectsToAudit: NewProject[]): (typeof audits.$inferInsert)[] {
  return projectsToAudit
    .filter((project) => project.auditStatus === 'audited')
    .flatMap((project) => {
      const count = 1 + (hash(`${project.id}:audits`) % 2);
      return Array.from({ length: count }, (_, index) => {
        const key = `${project.id}:audit:${index}`;
        const total = (severity: string, max: number) => Math.floor(demoNumber(`${key}:${severity}`, 0, max));
        const findings = Object.fromEntries(
          FINDING_SEVERITIES.map((severity, i) => {
            const all = total(severity, [2, 4, 6, 9, 12][i]);
            return [severity, { total: all, resolved: Math.max(0, all - Math.floor(demoNumber(`${key}:${severity}:open`, 0, i < 2 ? 1.2 : 3))) }];
          }),
        ) as Findings;
        return {
          id: nameUuid(key),
          projectId: project.id!,
          auditor: AUDITORS[hash(key) % AUDITORS.length],
          publishedAt: new Date(DEMO_ANCHOR - Math.floor(demoNumber(key, 3, 700)) * DAY),
          scope: SCOPES[hash(`${key}:scope`) % SCOPES.length],
          findings,
          reportUrl: null,
          isDemo: true,
        };
      });
    });
}

const ALERT_TITLES: Record<(typeof STAFF_ALERT_TYPES)[number], string> = {
  exploit: 'Smart contract exploit drained funds',
  'rug-pull': 'Liquidity removed by the deployer',
  phishing: 'Phishing site impersonating the project',
  'flash-loan': 'Flash loan price manipulation',
  'private-key-leak': 'Compromised deployer key',
  'oracle-manipulation': 'Oracle price manipulated',
  'governance-attack': 'Malicious governance proposal executed',
  'bridge-hack': 'Bridge validator keys compromised',
};

/** About one alert for every eight projects, spread over the last year before the demo anchor. */
export function buildDemoAlerts(all: NewProject[]): (typeof securityAlerts.$inferInsert)[] {
  return all
    .filter((project) => hash(`${project.id}:alert`) % 8 === 0)
    .map((project) => {
      const key = `${project.id}:alert`;
      // Staff types only: the demo's incidents stay what they were before the automatic types existed.
      const type = STAFF_ALERT_TYPES[hash(`${key}:type`) % STAFF_ALERT_TYPES.length];
      const lossy = type !== 'phishing';
      const occurredAt = new Date(DEMO_ANCHOR - Math.floor(demoNumber(key, 0, 365)) * DAY - (hash(key) % DAY));
      return {
        id: nameUuid(key),
        projectId: project.id!,
        type,
        title: ALERT_TITLES[type],
        occurredAt,
        amountLostUsd: lossy ? Math.round(demoNumber(`${key}:loss`, 20_000, 25_000_000)) : null,
        // An amount is stated with its pricing day: the demo prices each loss on the day it happened.
        amountsPricedOn: lossy ? occurredAt.toISOString().slice(0, 10) : null,
        chain: project.chains?.[0] ?? null,
        sourceUrls: [],
        confidence: ALERT_CONFIDENCE[hash(`${key}:confidence`) % ALERT_CONFIDENCE.length],
        isDemo: true,
      };
    });
}

/** Earlier demo points of a seeded score: this many, a quarter apart before the current one. */
const DEMO_HISTORY_POINTS = 3;
const QUARTER = 91 * DAY;

/**
 * The signals of a seeded score's earlier, generated history points (oldest first), each signal a few points off the
 * current one, so the demo score chart has a past. Every such point is stored as demo data.
 */
export function buildDemoScoreHistory(projectId: string, current: Record<string, Record<string, number>>, currentAt: Date): { recordedAt: Date; signals: Record<string, Record<string, number>> }[] {
  return Array.from({ length: DEMO_HISTORY_POINTS }, (_, index) => {
    const quartersBack = DEMO_HISTORY_POINTS - index;
    const signals = Object.fromEntries(
      Object.entries(current).map(([pillar, values]) => [
        pillar,
        Object.fromEntries(
          Object.entries(values).map(([signal, value]) => [signal, Math.round(Math.min(100, Math.max(0, value + demoNumber(`${projectId}:${signal}:history:${quartersBack}`, -4, 2) * quartersBack)))]),
        ),
      ]),
    );
    return { recordedAt: new Date(currentAt.getTime() - quartersBack * QUARTER), signals };
  });
}
