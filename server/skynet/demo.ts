import 'server-only';

import tokenList from '@uniswap/default-token-list';
import { count, eq } from 'drizzle-orm';

import { formatMetricName } from '@/lib/skynet/metric-name';

import type { Database } from '../db/client';
import { skynetContracts, skynetKnownContracts, skynetMetricPoints, skynetSocialActivity, type NewProject } from '../db/schema';

type TokenListEntry = { chainId: number; address: string; symbol: string; name: string };

/**
 * Real token contracts per chain for the seeded projects, from @uniswap/default-token-list: a token matches a
 * project by ticker, and its name must share the project's first word, so that e.g. a bridged "USDC" of another
 * issuer with the same ticker still lands on the right project and an unrelated token never does.
 */
export function buildKnownContracts(seeded: Pick<NewProject, 'id' | 'name' | 'tokenTickers'>[]): (typeof skynetKnownContracts.$inferInsert)[] {
  const list = tokenList as { tokens: TokenListEntry[] };
  const firstWord = (text: string) => text.toLowerCase().replace(/[^a-z0-9 ]/g, ' ').trim().split(/\s+/)[0] ?? '';
  const byTicker = new Map<string, Pick<NewProject, 'id' | 'name'>>();
  for (const project of seeded) for (const ticker of project.tokenTickers ?? []) if (!byTicker.has(ticker.toUpperCase())) byTicker.set(ticker.toUpperCase(), project);
  const rows = new Map<string, typeof skynetKnownContracts.$inferInsert>();
  for (const token of list.tokens) {
    const project = byTicker.get(token.symbol.toUpperCase());
    if (!project) continue;
    const sameName = firstWord(token.name) === firstWord(project.name) || token.name.toLowerCase().includes(firstWord(project.name));
    if (!sameName) continue;
    const address = token.address.toLowerCase();
    rows.set(`${project.id}|${token.chainId}|${address}`, { projectId: project.id!, chainId: token.chainId, address, symbol: token.symbol, source: '@uniswap/default-token-list' });
  }
  return [...rows.values()];
}

const DEMO_DAYS = 30;
const DEMO_PROJECTS = 60;
const DAY_MS = 86_400_000;
/** Demo series end on a fixed day so every machine generates the same figures. */
const DEMO_END = Date.UTC(2026, 10, 1);
const EXCHANGES = ['Binance', 'Coinbase Exchange', 'Kraken', 'OKX', 'Bybit', 'KuCoin', 'Gate.io', 'Bitstamp', 'Uniswap v3', 'Curve'];
export const DEMO_SOCIAL_TYPES = ['tweets', 'mentions'] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/**
 * Demo Skynet series for the leading projects while no contract is watched: exchange listings, daily
 * transactions and unique callers, and social activity; all marked demo. Skipped once any demo point exists.
 */
export async function seedSkynetDemo(db: Database, seeded: Pick<NewProject, 'id' | 'rank'>[]): Promise<void> {
  const [{ watched }] = await db.select({ watched: count() }).from(skynetContracts);
  const [{ demo }] = await db.select({ demo: count() }).from(skynetMetricPoints).where(eq(skynetMetricPoints.isDemo, true));
  if (watched > 0 || demo > 0) return;
  const leading = [...seeded].sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9)).slice(0, DEMO_PROJECTS);
  const points: (typeof skynetMetricPoints.$inferInsert)[] = [];
  const social: (typeof skynetSocialActivity.$inferInsert)[] = [];
  for (const project of leading) {
    const projectId = project.id!;
    const h = hash(projectId);
    const listed = EXCHANGES.filter((_, index) => (h >>> index) & 1 || index === h % EXCHANGES.length);
    const labels = { projectId };
    points.push({ series: formatMetricName('exchanges', labels), name: 'exchanges', labels, at: new Date(DEMO_END), value: listed.length, detail: { exchanges: listed }, isDemo: true });
    for (let day = DEMO_DAYS - 1; day >= 0; day--) {
      const at = new Date(DEMO_END - day * DAY_MS);
      const base = 200 + (h % 800);
      const tx = Math.round(base * (0.7 + (hash(`${projectId}:${day}`) % 60) / 100));
      points.push({ series: formatMetricName('transactions', labels), name: 'transactions', labels, at, value: tx, isDemo: true });
      points.push({ series: formatMetricName('unique-callers', labels), name: 'unique-callers', labels, at, value: Math.round(tx / 3), isDemo: true });
      const date = at.toISOString().slice(0, 10);
      for (const type of DEMO_SOCIAL_TYPES) {
        social.push({ projectId, type, day: date, value: Math.round((type === 'tweets' ? 4 : 60) * (0.5 + (hash(`${projectId}:${type}:${day}`) % 100) / 100)), isDemo: true });
      }
    }
  }
  for (let i = 0; i < points.length; i += 500) await db.insert(skynetMetricPoints).values(points.slice(i, i + 500)).onConflictDoNothing();
  for (let i = 0; i < social.length; i += 500) await db.insert(skynetSocialActivity).values(social.slice(i, i + 500)).onConflictDoNothing();
}
