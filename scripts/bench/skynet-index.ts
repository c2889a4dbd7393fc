// Bench helper (run by scripts/bench/skynet.mjs under tsx with the react-server condition): fills a fresh anvil
// with the Skynet scenario plus bulk activity (many transfers per block, then empty blocks), watches the contracts
// in DATA_DIR, and times one `index --once` pass. Prints one JSON line: the figures and what the calls should ask.
import { parseEther } from 'viem';
import { foundry } from 'viem/chains';

import { closeDatabase, getDb } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { indexAllContracts } from '@/server/skynet/scheduler';
import { watchContracts } from '@/server/skynet/watch';
import { startAnvil } from '@/tests/support/anvil';
import { ACCOUNTS, chainClients, runScenario, tokenAbi } from '@/tests/support/chain-scenario';

const BULK_TRANSFERS = Number(process.env.BENCH_SKYNET_TRANSFERS ?? 2000);
const PER_BLOCK = 50;
const EMPTY_BLOCKS = Number(process.env.BENCH_SKYNET_EMPTY_BLOCKS ?? 2000);

const anvil = await startAnvil();
// The chain Skynet reads (its registry's one-chain shorthand), set before the configuration is first read.
process.env.RPC_URL = anvil.url;
try {
  const scenario = await runScenario(anvil.url);
  const { wallet, test } = chainClients(anvil.url);
  await test.setAutomine(false);
  const senders = ACCOUNTS.slice(1, 5);
  for (let sent = 0; sent < BULK_TRANSFERS; sent++) {
    const from = senders[sent % senders.length];
    await wallet.writeContract({ account: from, address: scenario.token, abi: tokenAbi, functionName: 'transfer', args: [ACCOUNTS[(sent % 7) + 1], parseEther('0.001')], chain: foundry, gas: 100_000n });
    if ((sent + 1) % PER_BLOCK === 0) await test.mine({ blocks: 1 });
  }
  await test.mine({ blocks: 1 });
  // In chunks: one long anvil_mine can outlast the RPC timeout on a busy machine.
  for (let mined = 0; mined < EMPTY_BLOCKS; mined += 200) await test.mine({ blocks: Math.min(200, EMPTY_BLOCKS - mined) });
  await test.setAutomine(true);

  await prepareDatabase();
  const db = await getDb();
  const common = { fromBlock: Number(scenario.deployBlock) };
  await watchContracts(db, { projectId: 'chainlink', address: scenario.token, abiFile: 'tests/fixtures/contracts/ShieldToken.json', ...common });
  await watchContracts(db, { projectId: 'aave', address: scenario.roleToken, abiFile: 'tests/fixtures/contracts/ShieldRoleToken.json', ...common });
  const started = performance.now();
  const { history: reports } = await indexAllContracts();
  const seconds = (performance.now() - started) / 1000;
  const sum = (key: 'blocks' | 'transactions' | 'logs') => reports.reduce((total, report) => total + report[key], 0);
  console.log(
    JSON.stringify({
      seconds,
      blocks: sum('blocks'),
      transactions: sum('transactions'),
      logs: sum('logs'),
      contracts: reports.length,
      skipped: reports.filter((report) => report.skipped).map((report) => report.skipped),
      token: scenario.token,
      roleToken: scenario.roleToken,
      projectId: 'chainlink',
    }),
  );
} finally {
  await closeDatabase();
  await anvil.stop();
}
