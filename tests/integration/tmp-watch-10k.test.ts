import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { toHex, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, it, vi } from 'vitest';

import { getDb } from '@/server/db/client';
import { projects } from '@/server/db/schema';
import { watchContractList } from '@/server/skynet/watch-list';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES, tokenAbi } from '@/tests/support/chain-scenario';
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
const chainConfig = vi.hoisted(() => ({ rpcUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...chainConfig }) };
});
let anvil: Anvil;
afterAll(async () => anvil?.stop());
it('10k', async () => {
  anvil = await startAnvil();
  chainConfig.rpcUrl = anvil.url;
  const { wallet, test } = chainClients(anvil.url);
  const hash = await wallet.deployContract({ account: ROLES.owner, abi: tokenAbi, bytecode: tokenArtifact.bytecode as Hex, args: [ROLES.alice], chain: foundry });
  const token = (await wallet.waitForTransactionReceipt({ hash })).contractAddress!;
  await test.mine({ blocks: 1000 });
  const code = (await wallet.getCode({ address: token }))!;
  const clones = Array.from({ length: 10_000 }, (_, index) => toHex(0xc10e0000n + BigInt(index), { size: 20 }));
  for (let i = 0; i < clones.length; i += 500) await Promise.all(clones.slice(i, i + 500).map((address) => test.setCode({ address, bytecode: code })));
  await test.mine({ blocks: 1 });
  const db = await getDb();
  const ids = (await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(20)).map((r) => r.id);
  const lines = clones.map((address, index) => `${ids[index % 20]},${address},,tests/fixtures/contracts/ShieldToken.json,${index % 2 ? '' : '0'}`);
  const file = path.join(os.tmpdir(), 'wl10k.csv');
  fs.writeFileSync(file, ['projectId,address,chain,abi,fromBlock', ...lines].join('\n'));
  let started = performance.now();
  await watchContractList(db, file);
  console.log('10k first watch', ((performance.now() - started) / 1000).toFixed(2), 's rss MB', Math.round(process.memoryUsage().rss / 1e6));
  started = performance.now();
  await watchContractList(db, file);
  console.log('10k re-watch', ((performance.now() - started) / 1000).toFixed(2), 's');
}, 600_000);
