import 'server-only';

import { parseArgs } from 'node:util';
import { asc } from 'drizzle-orm';

import { closeDatabase, getDatabaseHandle } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { prepareDatabase } from '../db/prepare';
import { skynetContracts } from '../db/schema';
import { shortError } from './chain';
import { clientOfChain } from './chains';
import { indexAllContracts, startSkynetRunner } from './scheduler';
import { importSocialActivity } from './social';
import { watchContracts } from './watch';
import { watchContractList, WatchListReadError, WatchListRefusedError } from './watch-list';

const USAGE = `Usage: npm run skynet -- <command>
  watch <projectId> [address] [--chain N] [--abi FILE] [--source FILE] [--contract NAME] [--from-block N]
        register a contract of a project (without an address: the project's known token contracts on that chain)
  watch --file FILE [--chain N]
        register every contract of a list: CSV with the header projectId,address[,chain,abi,fromBlock] or a JSON
        array of those objects (a row's chain overrides --chain); a list with a bad row is refused whole
  index [--once]     follow every chain of the registry (one leader per chain among the workers), each block read once
                     for all its watched contracts (--once: catch up to the heads and read all history, then exit)
  status             each contract's cursor, lag and last error
  import-social FILE import social activity (CSV projectId,type,date,value or a JSON array of those)`;

type Output = { log(line: string): void };

/** Runs one CLI command; returns the process exit code. */
export async function runSkynetCli(argv: string[], out: Output = { log: (line) => console.log(line) }, stopSignal?: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'watch') {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { file: { type: 'string' }, chain: { type: 'string' }, abi: { type: 'string' }, source: { type: 'string' }, contract: { type: 'string' }, 'from-block': { type: 'string' } },
      });
      if (values.file !== undefined) {
        if (positionals.length || values.abi || values.source || values.contract || values['from-block']) {
          throw new UsageError('watch --file takes each contract, its ABI and its start from the file: give only --chain N beside it.');
        }
        await openPrepared();
        return await watchList(values.file, values.chain, out);
      }
      const [projectId, address] = positionals;
      if (!projectId) throw new UsageError('watch needs a projectId.');
      await openPrepared();
      const watched = await watchContracts((await getDatabaseHandle()).db, {
        projectId,
        address,
        chainId: values.chain,
        abiFile: values.abi,
        sourceFile: values.source,
        contractName: values.contract,
        fromBlock: values['from-block'],
      } as never);
      for (const contract of watched) {
        const created = contract.creationBlock === null ? '' : ` (created in block ${contract.creationBlock})`;
        const transactions = contract.transactionsFromBlock !== null && contract.transactionsFromBlock > contract.fromBlock ? `, transactions from block ${contract.transactionsFromBlock}` : '';
        out.log(`watching ${contract.address} on chain ${contract.chainId} for ${contract.projectId} from block ${contract.fromBlock}${created}${transactions}`);
      }
      return 0;
    }
    if (command === 'index') {
      const { values } = parseArgs({ args: rest, options: { once: { type: 'boolean', default: false } } });
      await openPrepared();
      if (values.once) {
        const started = performance.now();
        const report = await indexAllContracts();
        for (const step of report.chains) {
          out.log('skipped' in step ? `chain ${step.chainId}: skipped (${step.skipped})` : `chain ${step.chainId}: blocks ${step.fromBlock}–${step.toBlock} of head ${step.head}, ${step.transactions} transactions, ${step.logs} logs`);
        }
        for (const entry of report.history) {
          out.log(entry.skipped ? `${entry.address}: skipped (${entry.skipped})` : `${entry.address}: history blocks ${entry.fromBlock}–${entry.toBlock}, ${entry.transactions} transactions, ${entry.logs} logs`);
        }
        out.log(`pass done in ${((performance.now() - started) / 1000).toFixed(2)} s`);
        const failed = report.history.some((entry) => entry.skipped) || report.chains.some((step) => 'skipped' in step && !/another worker/.test(step.skipped));
        return failed ? 1 : 0;
      }
      // Following: every chain, as the server does, until stopped.
      const runner = startSkynetRunner({ onStep: (step) => out.log(`chain ${step.chainId}: blocks ${step.fromBlock}–${step.toBlock}, ${step.transactions} transactions, ${step.logs} logs`) });
      await new Promise<void>((resolve) => {
        if (!stopSignal || stopSignal.aborted) return resolve();
        stopSignal.addEventListener('abort', () => resolve(), { once: true });
      });
      await runner.stop();
      return 0;
    }
    if (command === 'status') {
      await openPrepared();
      const contracts = await (await getDatabaseHandle()).db.select().from(skynetContracts).orderBy(asc(skynetContracts.createdAt));
      if (!contracts.length) out.log('No watched contracts. Add one with: npm run skynet -- watch <projectId> <address>');
      for (const contract of contracts) {
        let head: number | null = null;
        try {
          head = Number(await (await clientOfChain(contract.chainId)).getBlockNumber());
        } catch (error) {
          out.log(`  (head unknown: ${shortError(error)})`);
        }
        const lag = head !== null && contract.cursorBlock !== null ? head - contract.cursorBlock : null;
        out.log(
          `${contract.projectId} ${contract.address} chain ${contract.chainId}: cursor ${contract.cursorBlock ?? 'none'}, head ${head ?? 'unknown'}, lag ${lag ?? 'unknown'}` +
            `, last indexed ${contract.lastIndexedAt?.toISOString() ?? 'never'}, last error ${contract.lastError ?? 'none'}`,
        );
      }
      return 0;
    }
    if (command === 'import-social') {
      const [file] = rest;
      if (!file) throw new UsageError('import-social needs a FILE.');
      await openPrepared();
      const result = await importSocialActivity((await getDatabaseHandle()).db, file);
      out.log(`imported ${result.rows} rows for ${result.projects} projects`);
      return 0;
    }
    throw new UsageError(command ? `Unknown command ${command}.` : 'No command given.');
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nThe server indexes by itself when RPC_URL is set; or stop it to run this command.`);
      return 3;
    }
    console.error(`skynet: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await closeDatabase();
  }
}

class UsageError extends Error {}

/** `watch --file`: a summary line per chain and the time taken; a refused list (exit 2) or failed reads (1), each reason a line. */
async function watchList(file: string, chain: string | undefined, out: Output): Promise<number> {
  const started = performance.now();
  try {
    const report = await watchContractList((await getDatabaseHandle()).db, file, chain);
    for (const step of report.chains) out.log(`watched ${step.watched} contracts on chain ${step.chainId} (${step.created} new)`);
    const contracts = report.chains.reduce((sum, step) => sum + step.watched, 0);
    out.log(`done in ${((performance.now() - started) / 1000).toFixed(2)} s: ${contracts} contracts, privileged functions probed on ${report.probed} (one per distinct code and ABI)`);
    return 0;
  } catch (error) {
    if (!(error instanceof WatchListRefusedError || error instanceof WatchListReadError)) throw error;
    console.error(`skynet: ${file}: ${error.message}`);
    for (const reason of error.reasons) console.error(reason);
    return error instanceof WatchListRefusedError ? 2 : 1;
  }
}

/** Opens the database (refused while a server holds the embedded folder), migrated and seeded. */
async function openPrepared() {
  await prepareDatabase();
}
