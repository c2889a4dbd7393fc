// Temporary: per-call cost of the lane queries at 1,000 and 10,000 watched contracts.
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';
const { and, eq, isNotNull, isNull } = await import('drizzle-orm');
const { getDb, closeDatabase } = await import('@/server/db/client');
const { prepareDatabase } = await import('@/server/db/prepare');
const { adminPowers, projects, skynetContracts, skynetPrivilegedFunctions } = await import('@/server/db/schema');
const { loadWatchedIndex, watchedVersion } = await import('@/server/skynet/watched-index');
const { hasHistoryLeft } = await import('@/server/skynet/history');
await prepareDatabase();
const db = await getDb();
await db.insert(projects).values({ id: 'mb', name: 'mb' });
const abi = tokenArtifact.abi as unknown[];
const time = async (label: string, times: number, work: () => Promise<unknown>) => {
  await work();
  const started = performance.now();
  for (let i = 0; i < times; i++) await work();
  console.log(`${label}: ${((performance.now() - started) / times).toFixed(1)} ms`);
};
let have = 0;
for (const n of [1_000, 10_000]) {
  for (; have < n; have += 500) {
    const rows = await db.insert(skynetContracts).values(Array.from({ length: 500 }, (_, i) => ({ projectId: 'mb', chainId: 1, address: `0x5ca1e01${(have + i).toString(16).padStart(33, '0')}`, abi, fromBlock: 100, cursorBlock: 99, liveFromBlock: 100 }))).returning({ id: skynetContracts.id });
    await db.insert(skynetPrivilegedFunctions).values(rows.flatMap((row) => ['0x40c10f19', '0x8456cb59', '0x3f4ba83a', '0xf2fde38b', '0x715018a6'].map((selector) => ({ contractId: row.id, selector, signature: selector, evidence: [] }))));
  }
  console.log(`--- ${n} contracts`);
  await time('runHistoryTurn select (all rows, abi included) + hasHistoryLeft filter', 5, async () => (await db.select().from(skynetContracts).where(and(eq(skynetContracts.chainId, 1), isNotNull(skynetContracts.liveFromBlock)))).filter(hasHistoryLeft));
  await time('runFirstReadings select (limit 100, left join admin_powers)', 5, () => db.select().from(skynetContracts).leftJoin(adminPowers, eq(adminPowers.contractId, skynetContracts.id)).where(and(eq(skynetContracts.chainId, 1), isNotNull(skynetContracts.liveFromBlock), isNull(adminPowers.contractId))).limit(100));
  await time('watchedVersion', 10, () => watchedVersion(db, 1));
  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let index: unknown = null;
  await time('loadWatchedIndex (a reload of the follower)', 3, async () => (index = await loadWatchedIndex(db, 1, 101)));
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`heap held by one watched index: ${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MB (${index ? 'kept' : ''})`);
  index = null;
}
await closeDatabase();
