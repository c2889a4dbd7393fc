// Before the e2e server starts: a real local chain (anvil) runs the Skynet scenario, and the real indexer stores
// it in the server's data folder (DATA_DIR), which the server then opens. Run with
// `node --conditions=react-server --import tsx tests/e2e/support/skynet-chain.ts` (see playwright.config.ts).
import { closeDatabase, getDb } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { indexAllContracts } from '@/server/skynet/scheduler';
import { watchContracts } from '@/server/skynet/watch';
import { startAnvil } from '@/tests/support/anvil';
import { runScenario } from '@/tests/support/chain-scenario';

/** The seeded projects whose pages the e2e test reads. */
export const E2E_TOKEN_PROJECT = 'chainlink';
export const E2E_ROLE_PROJECT = 'aave';

const anvil = await startAnvil();
// The chain Skynet reads (its registry's one-chain shorthand), set before the configuration is first read.
process.env.RPC_URL = anvil.url;
try {
  const scenario = await runScenario(anvil.url);
  await prepareDatabase();
  const db = await getDb();
  const common = { fromBlock: Number(scenario.deployBlock) };
  await watchContracts(db, { projectId: E2E_TOKEN_PROJECT, address: scenario.token, abiFile: 'tests/fixtures/contracts/ShieldToken.json', sourceFile: 'tests/fixtures/contracts/ShieldToken.sol', ...common });
  await watchContracts(db, { projectId: E2E_ROLE_PROJECT, address: scenario.roleToken, abiFile: 'tests/fixtures/contracts/ShieldRoleToken.json', ...common });
  const { history: reports, chains } = await indexAllContracts();
  if (chains.some((step) => 'skipped' in step)) process.exitCode = 1;
  for (const report of reports) console.log(`skynet e2e: ${report.address} ${report.blocks} blocks, ${report.transactions} transactions, ${report.logs} logs${report.skipped ? ` (skipped: ${report.skipped})` : ''}`);
  if (reports.some((report) => report.skipped)) process.exitCode = 1;
} finally {
  await closeDatabase();
  await anvil.stop();
}
