import { createRequire } from 'node:module';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { renderToString } from 'react-dom/server';
import type { Abi, Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { CodeMatchPanel } from '@/components/skynet/code-match';
import { CODE_MATCH_TEXTS, type AuditCodeFormInput } from '@/lib/code-match';
import { UserFacingError } from '@/lib/errors';
import { countFindings } from '@/lib/schemas/staff-audit';
import { projectV1Schema } from '@/lib/schemas/api-v1';
import { getProjectV1 } from '@/server/api-v1/projects';
import { getDb } from '@/server/db/client';
import { auditCode, audits, codeCompilations, codeMatches, projects, securityAlerts, staffAuditLog } from '@/server/db/schema';
import { checkAllAuditCode, listCodeMatches, UNAUDITED_IMPLEMENTATION_RULE } from '@/server/skynet/code-match';
import { AUDIT_CODE_MESSAGES, saveAuditCode } from '@/server/staff/audit-code';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES } from '@/tests/support/chain-scenario';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/* The chain Skynet reads is RPC_URL, set to this file's anvil once it runs; the rest of the configuration as it is. */
const chainConfig = vi.hoisted(() => ({ rpcUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...chainConfig }) };
});

/*
 * Real anvil, real solc (0.8.28 through its npm alias, as the audit names it): a vault with an immutable, deployed
 * bare and behind an ERC-1967 proxy it can upgrade (UUPS style); audits naming its source are compared with the chain.
 */
const SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const vaultSource = (feeLine: string, comment = '') => `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
${comment}
contract Vault {
    address public immutable guardian;
    uint256 public fee;

    constructor(address guardian_) {
        guardian = guardian_;
    }

    function setFee(uint256 value) external {
        require(msg.sender == guardian, "not the guardian");
        ${feeLine}
    }

    function proxiableUUID() external pure returns (bytes32) {
        return ${SLOT};
    }

    function upgradeTo(address implementation) external {
        require(msg.sender == guardian, "not the guardian");
        assembly {
            sstore(${SLOT}, implementation)
        }
    }
}
`;
const AUDITED = vaultSource('fee = value;');
// The same code with another comment: only the metadata hash differs.
const DEPLOYED = vaultSource('fee = value;', '// deployed from the release branch');
const CHANGED = vaultSource('fee = value + 1;');
const PROXY = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Proxy {
    constructor(address implementation) {
        assembly { sstore(${SLOT}, implementation) }
    }
    fallback() external payable {
        assembly {
            let target := sload(${SLOT})
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
        }
    }
}
`;

function compile(version: 'solc' | 'solc-0.8.28', file: string, content: string, name: string): { abi: Abi; bytecode: Hex } {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const solc = require(version) as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { [file]: { content } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === 'error');
  if (errors.length) throw new Error(JSON.stringify(errors));
  const contract = output.contracts[file][name];
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

let anvil: Anvil;
let wallet: ReturnType<typeof chainClients>['wallet'];
let projectId: string;
let bare: Address;
let proxy: Address;
let changedImplementation: Address;
let vaultAbi: Abi;
const { owner, alice } = ROLES;

async function deploy(artifact: { abi: Abi; bytecode: Hex }, args: unknown[]): Promise<Address> {
  const hash = await wallet.deployContract({ account: owner, abi: artifact.abi, bytecode: artifact.bytecode, args, chain: wallet.chain } as never);
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!.toLowerCase() as Address;
}

async function newAudit(status: 'draft' | 'published' = 'published'): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(audits)
    .values({ projectId, auditor: 'Shield', publishedAt: new Date(), scope: 'Vault', findings: countFindings([]), status })
    .returning({ id: audits.id });
  return row.id;
}

const form = (overrides: Partial<AuditCodeFormInput> = {}): AuditCodeFormInput => ({
  repository: 'https://github.com/example/vault',
  commit: 'a1b2c3d',
  files: [{ path: 'src/Vault.sol', content: AUDITED }],
  compilerVersion: '0.8.28',
  optimizer: true,
  runs: 200,
  evmVersion: 'cancun',
  viaIR: false,
  contracts: ['src/Vault.sol:Vault'],
  deployments: [
    { contract: 'src/Vault.sol:Vault', chainId: 31337, address: bare },
    { contract: 'src/Vault.sol:Vault', chainId: 31337, address: proxy },
  ],
  ...overrides,
});

async function matchesOf(auditId: string) {
  const db = await getDb();
  return db.select().from(codeMatches).where(eq(codeMatches.auditId, auditId)).orderBy(asc(codeMatches.address));
}
const byAddress = async (auditId: string, address: string) => (await matchesOf(auditId)).find((match) => match.address === address)!;

beforeAll(async () => {
  anvil = await startAnvil();
  chainConfig.rpcUrl = anvil.url;
  wallet = chainClients(anvil.url).wallet;
  const vault = compile('solc-0.8.28', 'src/Vault.sol', DEPLOYED, 'Vault');
  vaultAbi = vault.abi;
  // Two guardians: the immutable differs between the two deployments, and neither is in the audited build.
  bare = await deploy(vault, [alice]);
  const implementation = await deploy(vault, [owner]);
  proxy = await deploy(compile('solc', 'Proxy.sol', PROXY, 'Proxy'), [implementation]);
  changedImplementation = await deploy(compile('solc-0.8.28', 'src/Vault.sol', CHANGED, 'Vault'), [owner]);
  const db = await getDb();
  [{ id: projectId }] = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(1);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('audited code against deployed code', () => {
  let audited: string;

  it('the audited source matches the deployed code, metadata hash and immutables aside, bare and behind a proxy', async () => {
    audited = await newAudit();
    await saveAuditCode(CLI_ACTOR, audited, form());
    const rows = await matchesOf(audited);
    expect(rows.map((row) => [row.address, row.status, row.reason])).toEqual(
      [
        [bare, 'matches', null],
        [proxy, 'matches', null],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await byAddress(audited, proxy)).implementation).not.toBeNull();
    const db = await getDb();
    const [entry] = await db.select().from(staffAuditLog).where(and(eq(staffAuditLog.entityId, audited), eq(staffAuditLog.action, 'audit.code')));
    expect(entry.after).toMatchObject({ compilerVersion: '0.8.28', contracts: ['src/Vault.sol:Vault'] });
    // Compiled once: the cache holds one entry for this source + settings, and a second check reuses it.
    const cached = await db.select().from(codeCompilations).where(eq(codeCompilations.compilerVersion, '0.8.28'));
    expect(cached).toHaveLength(1);
    await checkAllAuditCode(db);
    expect(await db.select().from(codeCompilations).where(eq(codeCompilations.compilerVersion, '0.8.28'))).toHaveLength(1);
  }, 120_000);

  it('a one-line change in the source does not match', async () => {
    const changed = await newAudit();
    await saveAuditCode(CLI_ACTOR, changed, form({ files: [{ path: 'src/Vault.sol', content: CHANGED }] }));
    expect((await matchesOf(changed)).map((row) => row.status)).toEqual(['mismatch', 'mismatch']);
    // So do other settings of the same source (the optimizer off).
    const unoptimized = await newAudit('draft');
    await saveAuditCode(CLI_ACTOR, unoptimized, form({ optimizer: false }));
    expect((await matchesOf(unoptimized)).map((row) => row.status)).toEqual(['mismatch', 'mismatch']);
  }, 120_000);

  it('a compiler that is not installed gives unknown with the reason, and nothing is fetched', async () => {
    const old = await newAudit();
    await saveAuditCode(CLI_ACTOR, old, form({ compilerVersion: '0.8.19' }));
    const rows = await matchesOf(old);
    expect(rows.map((row) => [row.status, row.reason])).toEqual([
      ['unknown', 'compiler-unavailable'],
      ['unknown', 'compiler-unavailable'],
    ]);
    expect(rows[0].detail).toBe(CODE_MATCH_TEXTS.compilerMissing('0.8.19'));
  }, 60_000);

  it('an upgrade after the audit turns the proxy to unknown and raises one alert; the page and the API say so', async () => {
    const hash = await wallet.writeContract({ account: owner, address: proxy, abi: vaultAbi, functionName: 'upgradeTo', args: [changedImplementation], chain: wallet.chain } as never);
    await wallet.waitForTransactionReceipt({ hash });
    const db = await getDb();
    await checkAllAuditCode(db);
    const upgraded = await byAddress(audited, proxy);
    expect([upgraded.status, upgraded.reason, upgraded.implementation]).toEqual(['unknown', 'upgraded-after-audit', changedImplementation]);
    expect((await byAddress(audited, bare)).status).toBe('matches');

    const alerts = await db.select().from(securityAlerts).where(and(eq(securityAlerts.projectId, projectId), eq(securityAlerts.origin, 'automatic')));
    const raised = alerts.filter((alert) => alert.evidence?.rule === UNAUDITED_IMPLEMENTATION_RULE);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ type: 'contract-change', status: 'published', evidence: { contract: proxy, values: { implementation: changedImplementation } } });
    // Checked again: the same fact, no second alert.
    await checkAllAuditCode(db);
    expect((await db.select().from(securityAlerts).where(eq(securityAlerts.projectId, projectId))).filter((alert) => alert.evidence?.rule === UNAUDITED_IMPLEMENTATION_RULE)).toHaveLength(1);

    // Published audits only: the draft (optimizer off) is not shown.
    const views = await listCodeMatches(projectId);
    expect(views.filter((view) => view.auditId === audited && view.address === proxy)[0]).toMatchObject({ status: 'unknown', reason: 'upgraded-after-audit' });
    const html = renderToString(await CodeMatchPanel({ projectId }));
    for (const text of [CODE_MATCH_TEXTS.status.matches, CODE_MATCH_TEXTS.status.mismatch, CODE_MATCH_TEXTS.reason['upgraded-after-audit'], CODE_MATCH_TEXTS.reason['compiler-unavailable']]) expect(html).toContain(text);

    const answer = await getProjectV1(projectId);
    const body = projectV1Schema.parse(answer!.body);
    expect(body.codeMatches.find((match) => match.auditId === audited && match.address === proxy)).toMatchObject({
      status: 'unknown',
      statusText: 'unknown',
      reasonText: 'implementation upgraded after the audit',
    });
  }, 120_000);

  it('an audit of the new implementation matches it', async () => {
    const reaudit = await newAudit();
    await saveAuditCode(CLI_ACTOR, reaudit, form({ files: [{ path: 'src/Vault.sol', content: CHANGED }], deployments: [{ contract: 'src/Vault.sol:Vault', chainId: 31337, address: proxy }] }));
    expect((await byAddress(reaudit, proxy)).status).toBe('matches');
  }, 60_000);

  it('a bad address, an unknown chain or an address without code is refused with a clear 4xx and changes nothing', async () => {
    const audit = await newAudit();
    const refused = async (input: AuditCodeFormInput) => {
      const error = await saveAuditCode(CLI_ACTOR, audit, input).catch((caught: unknown) => caught);
      const db = await getDb();
      expect(await db.select().from(auditCode).where(eq(auditCode.auditId, audit))).toEqual([]);
      return error;
    };
    const badAddress = await refused(form({ deployments: [{ contract: 'src/Vault.sol:Vault', chainId: 31337, address: '0x1234' }] }));
    expect(JSON.stringify(badAddress)).toContain('An address is 0x followed by 40 hexadecimal digits.');
    const unknownChain = await refused(form({ deployments: [{ contract: 'src/Vault.sol:Vault', chainId: 999, address: bare }] }));
    expect(unknownChain).toBeInstanceOf(UserFacingError);
    expect(unknownChain).toMatchObject({ status: 400, message: AUDIT_CODE_MESSAGES.unknownChain(999) });
    const eoa = await refused(form({ deployments: [{ contract: 'src/Vault.sol:Vault', chainId: 31337, address: alice }] }));
    expect(eoa).toMatchObject({ status: 400, message: AUDIT_CODE_MESSAGES.notContract(alice, 31337) });
    const unnamed = await refused(form({ contracts: ['src/Other.sol:Vault'] }));
    expect(JSON.stringify(unnamed)).toContain('src/Other.sol:Vault: no uploaded file has this path.');
    const missing = await saveAuditCode(CLI_ACTOR, '00000000-0000-4000-8000-000000000000', form()).catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ status: 404 });
  }, 60_000);
});
