import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { toHex, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { getDb } from '@/server/db/client';
import { projects, skynetContracts, skynetPrivilegedFunctions } from '@/server/db/schema';
import { runSkynetCli } from '@/server/skynet/cli';
import { probeCalls } from '@/server/skynet/privileges';
import { watchContracts } from '@/server/skynet/watch';
import { watchContractList, WatchListReadError, WatchListRefusedError } from '@/server/skynet/watch-list';
import { freePort, startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES, runScenario, tokenAbi, type ScenarioResult } from '@/tests/support/chain-scenario';
import { deployDetectorContracts } from '@/tests/support/detector-scenario';
import { startRpcCounter, type RpcCounter } from '@/tests/support/rpc-counter';
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/*
 * The chain is RPC_URL: anvil behind a counting proxy, so a test can say what was read from it. With `deadChain`
 * the registry is SKYNET_CHAINS instead: that chain, and chain 99 whose endpoint answers nothing.
 */
const chainConfig = vi.hoisted(() => ({ rpcUrl: null as string | null, deadChain: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const { configWith, skynetWith } = await import('../support/config-stand-in');
  return configWith(await importOriginal(), (config) => {
    const chains = chainConfig.deadChain
      ? [
          { id: 31337, name: 'anvil', rpc: [chainConfig.rpcUrl!], blockTimeSeconds: 1, confirmations: 1 },
          { id: 99, name: 'dead', rpc: [chainConfig.deadChain], blockTimeSeconds: 1, confirmations: 1 },
        ]
      : config.skynet.chains;
    return { rpcUrl: chainConfig.rpcUrl, ...skynetWith(config, { chains }) };
  });
});

const TOKEN_ABI = 'tests/fixtures/contracts/ShieldToken.json';
const ROLE_ABI = 'tests/fixtures/contracts/ShieldRoleToken.json';
const VAULT_ABI = 'tests/fixtures/contracts/ShieldVaultToken.json';

let anvil: Anvil;
let counter: RpcCounter;
let scenario: ScenarioResult;
let dir: string;
const at = { token: '' as Address, secondToken: '' as Address, roleToken: '' as Address, vault: '' as Address, otherRoleToken: '' as Address };
/** Projects by what each test does with them, so no test sees another's rows. */
let project: { list: string; json: string; single: string; refused: string; clones: string; cli: string };

const writeList = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

/** A project's watched contracts by address. */
async function contractsOf(projectId: string) {
  const rows = await (await getDb()).select().from(skynetContracts).where(eq(skynetContracts.projectId, projectId));
  return new Map(rows.map((row) => [row.address, row]));
}

/** A contract's privileged functions as stored: selector, signature and evidence, in selector order. */
async function privilegedOf(contractId: string) {
  return (await getDb())
    .select({ selector: skynetPrivilegedFunctions.selector, signature: skynetPrivilegedFunctions.signature, evidence: skynetPrivilegedFunctions.evidence })
    .from(skynetPrivilegedFunctions)
    .where(eq(skynetPrivilegedFunctions.contractId, contractId))
    .orderBy(asc(skynetPrivilegedFunctions.selector));
}

async function storedCounts() {
  const db = await getDb();
  const [contracts] = await db.select({ n: count() }).from(skynetContracts);
  const [functions] = await db.select({ n: count() }).from(skynetPrivilegedFunctions);
  return { contracts: contracts.n, functions: functions.n };
}

/** The error a refused or failed list throws. */
async function failureOf(work: Promise<unknown>): Promise<WatchListRefusedError | WatchListReadError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof WatchListRefusedError || error instanceof WatchListReadError) return error;
    throw error;
  }
  throw new Error('the list was watched');
}

/** The reasons a refused list gives. */
async function reasonsOf(work: Promise<unknown>): Promise<string[]> {
  const failure = await failureOf(work);
  expect(failure).toBeInstanceOf(WatchListRefusedError);
  return failure.reasons;
}

beforeAll(async () => {
  anvil = await startAnvil();
  counter = await startRpcCounter(anvil.url);
  chainConfig.rpcUrl = counter.url;
  scenario = await runScenario(anvil.url);
  at.token = scenario.token;
  at.roleToken = scenario.roleToken;
  const detector = await deployDetectorContracts(anvil.url);
  at.vault = detector.vault;
  at.otherRoleToken = detector.roleToken;
  const { wallet } = chainClients(anvil.url);
  const hash = await wallet.deployContract({ account: ROLES.owner, abi: tokenAbi, bytecode: tokenArtifact.bytecode as Hex, args: [ROLES.alice], chain: foundry });
  at.secondToken = (await wallet.waitForTransactionReceipt({ hash })).contractAddress!.toLowerCase() as Address;

  const leading = await (await getDb()).select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(6);
  const [list, json, single, refused, clones, cli] = leading.map((row) => row.id);
  project = { list, json, single, refused, clones, cli };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skynet-watch-list-'));
}, 180_000);

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await counter?.stop();
  await anvil?.stop();
});

describe('watching a list of contracts in one command', () => {
  it('watches every row of a CSV list, with the same start and privileged functions as watching each alone', async () => {
    const db = await getDb();
    const { list, single } = project;
    // A byte-order mark, CRLF, a blank line, spaces, an upper-case address and empty optional cells: as spreadsheets save.
    const file = writeList(
      'good.csv',
      `\uFEFFprojectId, address ,chain,abi,fromBlock\r\n` +
        `${list},${at.token},,${TOKEN_ABI},\r\n\r\n` +
        ` ${list} , ${at.roleToken} ,31337, ${ROLE_ABI} ,\r\n` +
        `${list},${at.vault.toUpperCase().replace('0X', '0x')},,${VAULT_ABI},\r\n` +
        `${list},${at.secondToken},31337,${TOKEN_ABI},0\r\n` +
        `${list},${at.otherRoleToken},,,\r\n`,
    );
    const report = await watchContractList(db, file, '31337');
    expect(report.chains).toEqual([{ chainId: 31337, watched: 5, created: 5 }]);
    // The two ShieldTokens share their runtime code and ABI: one probe answers for both.
    expect(report.probed).toBe(4);

    const watched = await contractsOf(list);
    expect([...watched.keys()].sort()).toEqual(Object.values(at).sort());
    expect(watched.get(at.token)).toMatchObject({ chainId: 31337, fromBlock: Number(scenario.deployBlock), creationBlock: Number(scenario.deployBlock), cursorBlock: null });
    expect(watched.get(at.secondToken)).toMatchObject({ fromBlock: 0, creationBlock: null });

    for (const [address, abiFile] of [
      [at.token, TOKEN_ABI],
      [at.roleToken, ROLE_ABI],
      [at.vault, VAULT_ABI],
      [at.secondToken, TOKEN_ABI],
      [at.otherRoleToken, undefined],
    ] as const) {
      const [alone] = await watchContracts(db, { projectId: single, address, abiFile, ...(address === at.secondToken ? { fromBlock: 0 } : {}) });
      const fromList = watched.get(address)!;
      expect({ fromBlock: fromList.fromBlock, creationBlock: fromList.creationBlock, transactionsFromBlock: fromList.transactionsFromBlock, abi: fromList.abi }).toEqual({
        fromBlock: alone.fromBlock,
        creationBlock: alone.creationBlock,
        transactionsFromBlock: alone.transactionsFromBlock,
        abi: alone.abi,
      });
      expect(await privilegedOf(fromList.id)).toEqual(await privilegedOf(alone.id));
    }
    expect((await privilegedOf(watched.get(at.token)!.id)).map((row) => row.signature)).toContain('mint(address,uint256)');
  });

  it('watches a JSON list, numbers as numbers, the default chain the registry’s only one', async () => {
    const file = writeList(
      'good.json',
      JSON.stringify([
        { projectId: project.json, address: at.token, chain: 31337, abi: TOKEN_ABI, fromBlock: 3 },
        { projectId: project.json, address: at.vault, abi: VAULT_ABI },
      ]),
    );
    const report = await watchContractList(await getDb(), file);
    expect(report.chains).toEqual([{ chainId: 31337, watched: 2, created: 2 }]);
    const watched = await contractsOf(project.json);
    expect(watched.get(at.token)).toMatchObject({ fromBlock: 3, creationBlock: null });
    expect((await privilegedOf(watched.get(at.vault)!.id)).length).toBeGreaterThan(0);
  });

  it('refuses a list with bad rows, every reason with its row, before reading any chain, and writes nothing', async () => {
    const p = project.refused;
    const file = writeList(
      'bad.csv',
      [
        'projectId,address,chain,abi,fromBlock',
        `${p},${at.token},,${TOKEN_ABI},`,
        `${p},0x123,,,`,
        `no-such-project,${at.token},,,`,
        '',
        `${p},${at.roleToken},5,,`,
        `${p},${at.token.toUpperCase().replace('0X', '0x')},31337,,`,
        `${p},${at.vault},,tests/fixtures/contracts/missing.json,`,
        `${p}\u0000,${at.vault},,,`,
        `${p},${at.vault}`,
        `${p},${at.vault},,,-1`,
      ].join('\n'),
    );
    const before = await storedCounts();
    counter.reset();
    const reasons = await reasonsOf(watchContractList(await getDb(), file, '31337'));
    expect(reasons).toEqual([
      'row 2: address must be 0x followed by 40 hexadecimal digits',
      'row 3: no project with id no-such-project',
      "row 4: chain 5 is not in Skynet's chain registry (it follows 31337)",
      `row 5: the same contract as row 1 (project ${p}, chain 31337, address ${at.token})`,
      expect.stringMatching(/^row 6: abi: tests\/fixtures\/contracts\/missing\.json cannot be read \(ENOENT/),
      'row 7: projectId must not contain control characters or broken UTF-8',
      'row 8: has 2 cells where the header has 5 columns',
      'row 9: fromBlock must be a whole number from 0',
    ]);
    expect(counter.calls.filter((call) => call.method !== 'eth_chainId')).toEqual([]);
    expect(await storedCounts()).toEqual(before);
    expect((await contractsOf(p)).size).toBe(0);
  });

  it('refuses a whole file it cannot read as rows, and a --chain that is not followed', async () => {
    const db = await getDb();
    expect(await reasonsOf(watchContractList(db, writeList('typo.csv', `projectId,adress\n${project.refused},${at.token}\n`)))).toEqual(['The CSV header lacks the column address.']);
    expect(await reasonsOf(watchContractList(db, writeList('empty.json', '[]')))).toEqual([`${path.join(dir, 'empty.json')} holds no rows`]);
    expect(await reasonsOf(watchContractList(db, writeList('one.csv', `projectId,address\n${project.refused},${at.token}\n`), '7'))).toEqual([
      "--chain: chain 7 is not in Skynet's chain registry (it follows 31337)",
    ]);
  });

  it('watching a list again keeps each cursor, unless a row starts earlier than before; nothing is new', async () => {
    const db = await getDb();
    const file = writeList('again.json', JSON.stringify([{ projectId: project.json, address: at.token, abi: TOKEN_ABI }, { projectId: project.json, address: at.vault, abi: VAULT_ABI, fromBlock: 1 }]));
    const before = await contractsOf(project.json);
    await db.update(skynetContracts).set({ cursorBlock: 20, liveFromBlock: 21 }).where(eq(skynetContracts.projectId, project.json));

    const report = await watchContractList(db, file);
    expect(report.chains).toEqual([{ chainId: 31337, watched: 2, created: 0 }]);
    const after = await contractsOf(project.json);
    // Without a fromBlock the start and the cursor stay; the ABI is written again and updatedAt moves (the follower reloads).
    expect(after.get(at.token)).toMatchObject({ id: before.get(at.token)!.id, fromBlock: 3, cursorBlock: 20, liveFromBlock: 21 });
    expect(after.get(at.token)!.updatedAt.getTime()).toBeGreaterThan(before.get(at.token)!.updatedAt.getTime());
    // An earlier start than the stored one (its creation block) drops the cursor, so the history before it is read.
    expect(after.get(at.vault)).toMatchObject({ fromBlock: 1, cursorBlock: null });

    await watchContractList(db, writeList('later.json', JSON.stringify([{ projectId: project.json, address: at.token, abi: TOKEN_ABI, fromBlock: 5 }])));
    expect((await contractsOf(project.json)).get(at.token)).toMatchObject({ fromBlock: 5, cursorBlock: 20 });
  });

  it('writes nothing when a chain cannot be read, naming it; a row’s chain overrides --chain', async () => {
    chainConfig.deadChain = `http://127.0.0.1:${await freePort()}`;
    try {
      const db = await getDb();
      const p = project.refused;
      const mixed = writeList('mixed.csv', `projectId,address,chain\n${p},${at.token},31337\n${p},${at.roleToken},99\n`);
      const before = await storedCounts();
      const failure = await failureOf(watchContractList(db, mixed));
      expect(failure).toBeInstanceOf(WatchListReadError);
      expect(failure.reasons).toEqual([expect.stringMatching(/^chain 99: its head cannot be read \(.+\), so none of its 1 rows was read$/)]);
      expect(await storedCounts()).toEqual(before);

      // Every row names chain 31337, so the dead chain given as --chain is never asked.
      const report = await watchContractList(db, writeList('override.csv', `projectId,address,chain,abi\n${p},${at.token},31337,${TOKEN_ABI}\n`), '99');
      expect(report.chains).toEqual([{ chainId: 31337, watched: 1, created: 1 }]);
    } finally {
      chainConfig.deadChain = null;
    }
  }, 60_000);

  it('watches 500 contracts of the same code in one command, with one probe answering for all', async () => {
    const db = await getDb();
    const { wallet, test } = chainClients(anvil.url);
    const code = (await wallet.getCode({ address: at.token }))!;
    const clones = Array.from({ length: 500 }, (_, index) => toHex(0xc10e0000n + BigInt(index), { size: 20 }));
    await Promise.all(clones.map((address) => test.setCode({ address, bytecode: code })));
    await test.mine({ blocks: 1 });
    // Half start where the list says, half from the creation block that the search finds.
    const lines = clones.map((address, index) => `${project.clones},${address},,${TOKEN_ABI},${index % 2 ? '' : '0'}`);
    const file = writeList('clones.csv', ['projectId,address,chain,abi,fromBlock', ...lines].join('\n'));

    counter.reset();
    const started = performance.now();
    const report = await watchContractList(db, file);
    const seconds = (performance.now() - started) / 1000;
    console.log(`watched 500 cloned contracts in ${seconds.toFixed(2)} s with ${counter.calls.length} RPC calls`);

    expect(report).toEqual({ chains: [{ chainId: 31337, watched: 500, created: 500 }], probed: 1 });
    // One probe: an eth_call per state-changing function of the ABI, not one per contract.
    expect(counter.calls.filter((call) => call.method === 'eth_call').length).toBe(probeCalls(tokenAbi).length);
    const watched = await contractsOf(project.clones);
    expect(watched.size).toBe(500);
    const [alone] = await watchContracts(db, { projectId: project.single, address: clones[1], abiFile: TOKEN_ABI });
    const expected = await privilegedOf(alone.id);
    expect(expected.length).toBeGreaterThan(0);
    const stored = await db
      .select({ contractId: skynetPrivilegedFunctions.contractId, selector: skynetPrivilegedFunctions.selector, signature: skynetPrivilegedFunctions.signature, evidence: skynetPrivilegedFunctions.evidence })
      .from(skynetPrivilegedFunctions)
      .where(inArray(skynetPrivilegedFunctions.contractId, [...watched.values()].map((row) => row.id)))
      .orderBy(asc(skynetPrivilegedFunctions.selector));
    for (const row of watched.values()) expect(stored.filter((entry) => entry.contractId === row.id).map(({ selector, signature, evidence }) => ({ selector, signature, evidence }))).toEqual(expected);
    expect(watched.get(clones[0])!.fromBlock).toBe(0);
    expect(watched.get(clones[1])).toMatchObject({ fromBlock: alone.fromBlock, creationBlock: alone.creationBlock });
  }, 120_000);
});

// Last: the command closes the database when it ends (the next query opens it again).
describe('npm run skynet -- watch --file', () => {
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      return { code: await runSkynetCli(argv, { log: (line) => out.push(line) }), out, errors };
    } finally {
      console.error = original;
    }
  };

  it('exits 0 with a line per chain and the time taken', async () => {
    const file = writeList('cli.csv', `projectId,address,abi\n${project.cli},${at.token},${TOKEN_ABI}\n${project.cli},${at.roleToken},${ROLE_ABI}\n`);
    const { code, out } = await run(['watch', '--file', file, '--chain', '31337']);
    expect(code).toBe(0);
    expect(out[0]).toBe('watched 2 contracts on chain 31337 (2 new)');
    expect(out[1]).toMatch(/^done in \d+\.\d\d s: 2 contracts, privileged functions probed on 2 \(one per distinct code and ABI\)$/);
    expect((await contractsOf(project.cli)).size).toBe(2);
  });

  it('exits 2 for a refused list, a reason a line, and for --file beside a contract’s own options', async () => {
    const file = writeList('cli-bad.csv', `projectId,address\n${project.cli},0x123\nno-such-project,${at.token}\n`);
    const refused = await run(['watch', '--file', file]);
    expect(refused.code).toBe(2);
    expect(refused.errors).toEqual([
      `skynet: ${file}: the watch list is refused (2 problems); nothing was written`,
      'row 1: address must be 0x followed by 40 hexadecimal digits',
      'row 2: no project with id no-such-project',
    ]);
    const mixed = await run(['watch', '--file', file, '--abi', TOKEN_ABI]);
    expect(mixed.code).toBe(2);
    expect(mixed.errors.join('\n')).toContain('watch --file takes each contract, its ABI and its start from the file');
  });
});
