import Ajv2020 from 'ajv/dist/2020';
import { asc, inArray } from 'drizzle-orm';
import { encodeFunctionData, parseAbi, type Abi, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { GET as adminPowersGET } from '@/app/api/v1/contracts/[chainId]/[address]/admin-powers/route';
import { GET as projectGET } from '@/app/api/v1/projects/[id]/route';
import { ADMIN_RISK_RULE } from '@/lib/skynet/admin-powers';
import { NOT_READ_YET } from '@/server/api-v1/admin-powers';
import { apiV1Document } from '@/server/api-v1/openapi';
import { getDb } from '@/server/db/client';
import { projects, skynetContracts, skynetPrivilegedAddresses, skynetPrivilegedFunctions } from '@/server/db/schema';
import { refreshAdminPowers } from '@/server/skynet/admin-powers';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES } from '@/tests/support/chain-scenario';
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';
import timelockArtifact from '@/tests/fixtures/contracts/ShieldTimelock.json';
import transparentArtifact from '@/tests/fixtures/contracts/ShieldTransparentProxy.json';

import { createTestRun } from '../fixtures/test-run';

vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/* The chain Skynet reads is RPC_URL, set to this file's anvil once it runs. */
const chainConfig = vi.hoisted(() => ({ rpcUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...chainConfig }) };
});

/*
 * GET /api/v1/contracts/{chainId}/{address}/admin-powers on a real anvil (issue #20): a transparent proxy whose
 * ProxyAdmin a single key owns, watched by two projects, answers one reading per project; a watched contract not
 * read yet answers an empty list with its reason; and each way of asking about something Skynet cannot answer for
 * gets its own 4xx, checked against the OpenAPI document. The project answer carries the same readings.
 */
const CHAIN = 31_337;
const INIT_CALL = encodeFunctionData({ abi: parseAbi(['function name() view returns (string)']), functionName: 'name' });
const ROUTE = '/api/v1/contracts/{chainId}/{address}/admin-powers';

const testRun = createTestRun();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
let anvil: Anvil;
const at = { proxy: '' as Address, unread: '' as Address, unwatched: '' as Address };
const projectIds: string[] = [];
const contractIds: string[] = [];

type Documented = { get: { responses: Record<string, { content?: Record<string, { schema: object }> }> } };
const documented = apiV1Document.paths as unknown as Record<string, Documented>;

/** Calls a v1 route handler as Next would, and checks the answer against the document for its path and status. */
async function ask(template: string, handler: typeof adminPowersGET, params: Record<string, string>) {
  const concrete = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
  const request = new Request(`http://localhost${concrete}`, { headers: { 'x-forwarded-for': testRun.nextIp() } });
  const response = await handler(request, { params: Promise.resolve(params) } as never);
  const body = (await response.json()) as Record<string, unknown>;
  const answer = documented[template].get.responses[String(response.status)];
  expect(answer, `${template} documents ${response.status}`).toBeDefined();
  const mediaType = response.headers.get('content-type')!;
  const validate = ajv.compile(answer.content![mediaType].schema);
  expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
  return { status: response.status, body };
}

const adminPowersOf = (chainId: string | number, address: string) => ask(ROUTE, adminPowersGET, { chainId: String(chainId), address });

beforeAll(async () => {
  anvil = await startAnvil();
  chainConfig.rpcUrl = anvil.url;
  const { wallet } = chainClients(anvil.url);
  const deploy = async (abi: Abi, bytecode: Hex, args: unknown[]) => {
    const receipt = await wallet.waitForTransactionReceipt({ hash: await wallet.deployContract({ account: ROLES.owner, abi, bytecode, args, chain: foundry } as never) });
    return receipt.contractAddress!.toLowerCase() as Address;
  };
  const logic = await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [ROLES.owner]);
  at.proxy = await deploy(transparentArtifact.abi as Abi, transparentArtifact.bytecode as Hex, [logic, ROLES.owner, INIT_CALL]);
  at.unread = await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [ROLES.owner]);
  at.unwatched = await deploy(timelockArtifact.abi as Abi, timelockArtifact.bytecode as Hex, [172_800n, [ROLES.alice], [ROLES.alice], '0x0000000000000000000000000000000000000000']);

  // Two projects watch the proxy (each its own row, as Skynet stores them); the first also watches a token not read yet.
  const db = await getDb();
  projectIds.push(...(await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(2)).map((row) => row.id));
  const watch = async (projectId: string, address: Address) => {
    const [{ id }] = await db.insert(skynetContracts).values({ projectId, chainId: CHAIN, address, abi: tokenArtifact.abi as unknown[], fromBlock: 0 }).returning({ id: skynetContracts.id });
    contractIds.push(id);
    return id;
  };
  for (const projectId of projectIds) {
    const contractId = await watch(projectId, at.proxy);
    await db.insert(skynetPrivilegedFunctions).values(
      ['mint(address,uint256)', 'pause()'].map((signature) => ({ contractId, selector: signature, signature, evidence: [{ method: 'owner' as const, detail: `${signature} reverts for non-owners` }] })),
    );
    await db.insert(skynetPrivilegedAddresses).values({ contractId, holder: ROLES.owner.toLowerCase(), privilege: 'owner', label: 'Owner', active: true, evidence: [{ method: 'owner', detail: 'owner()' }] });
  }
  await watch(projectIds[0], at.unread);
}, 120_000);

afterAll(async () => {
  const db = await getDb();
  if (contractIds.length) await db.delete(skynetContracts).where(inArray(skynetContracts.id, contractIds));
  await testRun.cleanUp();
  await anvil?.stop();
});

describe('GET /api/v1/contracts/{chainId}/{address}/admin-powers', () => {
  it('answers a watched contract not read yet with an empty list and the reason', async () => {
    const { status, body } = await adminPowersOf(CHAIN, at.unread);
    expect(status).toBe(200);
    expect(body).toEqual({ chainId: CHAIN, address: at.unread, data: [], reason: NOT_READ_YET });
  });

  it('answers one reading per project watching the contract, with summary, risk level and holders, whatever the address case', async () => {
    const db = await getDb();
    await refreshAdminPowers(db, contractIds[0]);
    const once = await adminPowersOf(CHAIN, at.proxy);
    expect(once.status).toBe(200);
    expect((once.body.data as unknown[]).length).toBe(1);

    await refreshAdminPowers(db, contractIds[1]);
    const checksummed = `0x${at.proxy.slice(2).toUpperCase()}`;
    const { status, body } = await adminPowersOf(CHAIN, checksummed);
    expect(status).toBe(200);
    expect(body).toMatchObject({ chainId: CHAIN, address: at.proxy, reason: null });
    const data = body.data as { projectId: string; holders: { holder: string; links: { kind: string }[]; controller: unknown }[]; readAt: string }[];
    expect(data.map((reading) => reading.projectId)).toEqual([...projectIds].sort());
    for (const reading of data) {
      expect(reading).toMatchObject({
        chainId: CHAIN,
        address: at.proxy,
        pattern: 'transparent',
        summary: 'Upgradeable by a single key (EOA) with no delay',
        riskLevel: 'high',
        riskRule: ADMIN_RISK_RULE[2],
      });
      expect(new Date(reading.readAt).toISOString()).toBe(reading.readAt);
      const owner = reading.holders.find((chain) => chain.holder === ROLES.owner.toLowerCase())!;
      expect(owner.controller).toEqual({ kind: 'eoa' });
      const admin = reading.holders.find((chain) => chain.holder !== ROLES.owner.toLowerCase())!;
      expect(admin.links.map((link) => link.kind)).toEqual(['owned-contract', 'eoa']);
    }
  });

  it.each([
    ['too short', '0x1234'],
    ['without 0x', 'c1'.repeat(20)],
    ['not hexadecimal', `0x${'zz'.repeat(20)}`],
    ['one digit too many', `0x${'c1'.repeat(20)}0`],
  ])('refuses an address %s with a 400 naming it', async (_label, address) => {
    const { status, body } = await adminPowersOf(CHAIN, address);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, detail: 'Bad address: it must be 0x followed by 40 hexadecimal digits.', errors: [{ parameter: 'address' }] });
  });

  it.each([['0'], ['-1'], ['mainnet'], ['1.5'], ['01'], ['99999999999999999']])('refuses the chain id %s with a 400 naming it', async (chainId) => {
    const { status, body } = await adminPowersOf(chainId, at.proxy);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, detail: expect.stringMatching(/^Bad chainId: it must be a positive whole number/), errors: [{ parameter: 'chainId' }] });
  });

  it('answers 404 for a chain Skynet has no endpoint for', async () => {
    const { status, body } = await adminPowersOf(424_242, at.proxy);
    expect(status).toBe(404);
    expect(body.detail).toBe('Unknown chain: Skynet has no RPC endpoint for chain 424242.');
  });

  it('answers 422 for an address with no code (an EOA)', async () => {
    const { status, body } = await adminPowersOf(CHAIN, ROLES.alice);
    expect(status).toBe(422);
    expect(body).toMatchObject({ title: 'Unprocessable content', detail: `Not a contract: there is no code at ${ROLES.alice.toLowerCase()} on chain ${CHAIN}.` });
  });

  it('answers 404 for a contract no project watches', async () => {
    const { status, body } = await adminPowersOf(CHAIN, at.unwatched);
    expect(status).toBe(404);
    expect(body.detail).toBe(`No project watches the contract ${at.unwatched} on chain ${CHAIN}.`);
  });
});

describe('the project answer', () => {
  it('lists the admin powers of the project’s watched contracts that Skynet has read', async () => {
    const { status, body } = await ask('/api/v1/projects/{id}', projectGET as typeof adminPowersGET, { id: projectIds[0] });
    expect(status).toBe(200);
    const readings = body.adminPowers as { projectId: string; address: string; summary: string; riskLevel: string }[];
    // The token watched but not read yet has no reading to list.
    expect(readings).toEqual([expect.objectContaining({ projectId: projectIds[0], address: at.proxy, summary: 'Upgradeable by a single key (EOA) with no delay', riskLevel: 'high' })]);
  });
});
