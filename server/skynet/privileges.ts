import 'server-only';

import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  decodeErrorResult,
  encodeFunctionData,
  keccak256,
  parseAbi,
  toHex,
  type Abi,
  type AbiFunction,
  type PublicClient,
} from 'viem';

import type { Database } from '../db/client';
import { skynetEvents, skynetPrivilegedAddresses, skynetPrivilegedFunctions, type SkynetContractRow, type SkynetEvidence } from '../db/schema';
import { sampleValue, writableFunctions } from './abi';
import { withRetry } from './chain';

/** An address that holds no privilege anywhere: probe calls come from it. */
export const PROBE_ADDRESS = '0x00000000000000000000000000000000000bad00' as const;

const AUTH_ERRORS = parseAbi([
  'error OwnableUnauthorizedAccount(address account)',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
]);
const AUTH_REVERT_STRING = /caller is not the owner|not the owner|only ?owner|is missing role|unauthori[sz]ed|not authori[sz]ed|forbidden|only admin|access denied|permission/i;

/** Names that usually guard privileged work: a last hint, used only when neither the source nor a probe decides. */
const PRIVILEGED_NAME = /^(mint|burn(From)?|pause|unpause|upgradeTo(AndCall)?|changeAdmin|setOwner|transferOwnership|renounceOwnership|acceptOwnership|grantRole|revokeRole|set[A-Z]\w*|withdraw\w*|blacklist\w*|addMinter|rescue\w*|sweep\w*|kill|destroy|freeze\w*)$/;

/** Finds the error data inside a viem call error. */
function revertData(error: unknown): `0x${string}` | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x')) return data as `0x${string}`;
    if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') return (data as { data: `0x${string}` }).data;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export type ProbeOutcome = { kind: 'unauthorized'; detail: string } | { kind: 'succeeded' } | { kind: 'inconclusive'; detail: string };

/** Calls a function with harmless arguments from an unprivileged address and reads why it reverts. */
export async function probeFunction(client: PublicClient, contract: `0x${string}`, abi: Abi, fnName: string, data: `0x${string}`): Promise<ProbeOutcome> {
  try {
    await withRetry(() => client.call({ account: PROBE_ADDRESS, to: contract, data }), { what: `probe ${fnName}`, attempts: 2 });
    return { kind: 'succeeded' };
  } catch (error) {
    const raw = revertData(error);
    if (raw && raw.length >= 10) {
      try {
        const decoded = decodeErrorResult({ abi: [...abi, ...AUTH_ERRORS], data: raw });
        if (decoded.errorName === 'OwnableUnauthorizedAccount' || decoded.errorName === 'AccessControlUnauthorizedAccount') {
          const role = decoded.errorName === 'AccessControlUnauthorizedAccount' ? ` (needs role ${roleLabel(String(decoded.args?.[1]))})` : '';
          return { kind: 'unauthorized', detail: `eth_call from ${PROBE_ADDRESS} reverts with ${decoded.errorName}${role}` };
        }
        if (decoded.errorName === 'Error' && AUTH_REVERT_STRING.test(String(decoded.args?.[0]))) {
          return { kind: 'unauthorized', detail: `eth_call from ${PROBE_ADDRESS} reverts with "${String(decoded.args?.[0]).slice(0, 120)}"` };
        }
        return { kind: 'inconclusive', detail: `reverts with ${decoded.errorName}` };
      } catch {
        return { kind: 'inconclusive', detail: 'reverts with an unknown error' };
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    if (AUTH_REVERT_STRING.test(message)) return { kind: 'unauthorized', detail: `eth_call from ${PROBE_ADDRESS} reverts: ${message.split('\n')[0].slice(0, 120)}` };
    return { kind: 'inconclusive', detail: 'reverts without data' };
  }
}

/** A privileged function found on a contract, with why it is held to be one. */
export type PrivilegedFunctionFinding = { selector: string; signature: string; evidence: SkynetEvidence[] };

/** The state-changing functions of an ABI with the calldata of their probe (harmless arguments). */
export function probeCalls(abi: Abi): { fn: AbiFunction; selector: string; signature: string; data: `0x${string}` }[] {
  return writableFunctions(abi).map((entry) => ({
    ...entry,
    data: encodeFunctionData({ abi: [entry.fn], functionName: entry.fn.name, args: entry.fn.inputs.map((input) => sampleValue(input, PROBE_ADDRESS)) } as never),
  }));
}

/**
 * Finds the privileged functions of a contract without storing them: the source's access checks (when given), a
 * revert probe of every state-changing function, and a name hint only where neither decides.
 */
export async function findPrivilegedFunctions(
  client: PublicClient,
  address: `0x${string}`,
  abi: Abi,
  sourceEvidence: Map<string, SkynetEvidence[]> = new Map(),
): Promise<PrivilegedFunctionFinding[]> {
  const found: PrivilegedFunctionFinding[] = [];
  for (const { fn, selector, signature, data } of probeCalls(abi)) {
    const evidence = [...(sourceEvidence.get(selector) ?? [])];
    const probe = await probeFunction(client, address, abi, fn.name, data);
    if (probe.kind === 'unauthorized') evidence.push({ method: 'probe', detail: probe.detail });
    if (evidence.length === 0 && probe.kind === 'inconclusive' && PRIVILEGED_NAME.test(fn.name)) {
      evidence.push({ method: 'name', detail: `named ${fn.name}, which usually needs a privilege (probe ${probe.detail}); a hint, not proof` });
    }
    if (evidence.length) found.push({ selector, signature, evidence });
  }
  return found;
}

/** Rows per insert: far below PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 1_000;

/** Replaces the stored privileged functions of each contract (id → findings); run it inside the caller's transaction. */
export async function replacePrivilegedFunctions(tx: Database, findings: Map<string, PrivilegedFunctionFinding[]>): Promise<void> {
  const ids = [...findings.keys()];
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    await tx.delete(skynetPrivilegedFunctions).where(inArray(skynetPrivilegedFunctions.contractId, ids.slice(start, start + INSERT_CHUNK)));
  }
  const rows = [...findings].flatMap(([contractId, found]) => found.map((row) => ({ contractId, ...row })));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await tx.insert(skynetPrivilegedFunctions).values(rows.slice(start, start + INSERT_CHUNK));
}

/** Finds the privileged functions of a contract (see findPrivilegedFunctions) and stores them in a transaction of its own. */
export async function analyzePrivilegedFunctions(
  db: Database,
  client: PublicClient,
  contract: Pick<SkynetContractRow, 'id' | 'address'>,
  abi: Abi,
  sourceEvidence: Map<string, SkynetEvidence[]> = new Map(),
): Promise<PrivilegedFunctionFinding[]> {
  const found = await findPrivilegedFunctions(client, contract.address as `0x${string}`, abi, sourceEvidence);
  await db.transaction((tx) => replacePrivilegedFunctions(tx, new Map([[contract.id, found]])));
  return found;
}

const ZERO = '0x0000000000000000000000000000000000000000';
const DEFAULT_ADMIN_ROLE = `0x${'00'.repeat(32)}`;
const KNOWN_ROLES = new Map<string, string>([
  [DEFAULT_ADMIN_ROLE, 'DEFAULT_ADMIN_ROLE'],
  ...['MINTER_ROLE', 'PAUSER_ROLE', 'BURNER_ROLE', 'UPGRADER_ROLE', 'ADMIN_ROLE', 'OPERATOR_ROLE', 'MANAGER_ROLE', 'GOVERNOR_ROLE', 'SNAPSHOT_ROLE'].map(
    (name) => [keccak256(toHex(name)), name] as [string, string],
  ),
]);

/** A role's name when it is a well-known one, else its hash. */
export function roleLabel(role: string): string {
  return KNOWN_ROLES.get(role.toLowerCase()) ?? role;
}

const PROBES = parseAbi([
  'function owner() view returns (address)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
]);
const IACCESS_CONTROL = '0x7965db0b';
/** ERC-1967: bytes32(uint256(keccak256('eip1967.proxy.admin')) - 1) */
const ERC1967_ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';

type AddressRow = typeof skynetPrivilegedAddresses.$inferInsert;

/**
 * Recomputes who holds privileges on a contract: owner() now plus the OwnershipTransferred history; AccessControl
 * role holders replayed from RoleGranted/RoleRevoked when ERC-165 says the contract has roles; the ERC-1967 admin.
 * Rebuilt from the stored events each run, so re-reading blocks never duplicates a holder.
 */
export async function refreshPrivilegedAddresses(db: Database, client: PublicClient, contract: SkynetContractRow, atBlock: bigint): Promise<void> {
  const address = contract.address as `0x${string}`;
  const read = async <T>(what: string, call: () => Promise<T>): Promise<T | null> => {
    try {
      return await withRetry(call, { what, attempts: 2 });
    } catch {
      return null; // the contract has no such function
    }
  };
  const [owner, hasRoles, adminSlot] = await Promise.all([
    read('owner()', () => client.readContract({ address, abi: PROBES, functionName: 'owner', blockNumber: atBlock })),
    read('supportsInterface', () => client.readContract({ address, abi: PROBES, functionName: 'supportsInterface', args: [IACCESS_CONTROL], blockNumber: atBlock })),
    read('ERC-1967 admin slot', () => client.getStorageAt({ address, slot: ERC1967_ADMIN_SLOT, blockNumber: atBlock })),
  ]);

  const events = await db
    .select({ name: skynetEvents.name, args: skynetEvents.args, blockNumber: skynetEvents.blockNumber, txHash: skynetEvents.txHash })
    .from(skynetEvents)
    .where(and(eq(skynetEvents.contractId, contract.id), inArray(skynetEvents.name, ['OwnershipTransferred', 'RoleGranted', 'RoleRevoked', 'AdminChanged'])))
    .orderBy(asc(skynetEvents.blockNumber), asc(skynetEvents.logIndex));

  const rows = new Map<string, AddressRow>();
  const upsert = (holder: string, privilege: string, label: string, change: Omit<Partial<AddressRow>, 'evidence'> & { evidence: SkynetEvidence }) => {
    if (!holder || holder === ZERO) return;
    const key = `${holder}|${privilege}`;
    const row = rows.get(key) ?? { contractId: contract.id, holder, privilege, label, active: false, evidence: [] };
    const { evidence, ...rest } = change;
    Object.assign(row, rest);
    row.evidence = [...(row.evidence ?? []), evidence];
    rows.set(key, row);
  };

  for (const event of events) {
    const at = { sinceBlock: event.blockNumber, sinceTx: event.txHash };
    if (event.name === 'OwnershipTransferred') {
      const { previousOwner, newOwner } = event.args;
      upsert(previousOwner, 'owner', 'Owner', { active: false, evidence: { method: 'event', detail: `OwnershipTransferred to ${newOwner} in block ${event.blockNumber}` } });
      upsert(newOwner, 'owner', 'Owner', { active: true, ...at, evidence: { method: 'event', detail: `OwnershipTransferred from ${previousOwner} in block ${event.blockNumber}` } });
    } else if ((event.name === 'RoleGranted' || event.name === 'RoleRevoked') && hasRoles) {
      const { role, account, sender } = event.args;
      const granted = event.name === 'RoleGranted';
      upsert(account, `role:${role}`, roleLabel(role), {
        active: granted,
        ...(granted ? at : {}),
        evidence: { method: 'event', detail: `${event.name} by ${sender} in block ${event.blockNumber}` },
      });
    } else if (event.name === 'AdminChanged') {
      upsert(event.args.previousAdmin, 'proxy-admin', 'Proxy admin', { active: false, evidence: { method: 'event', detail: `AdminChanged in block ${event.blockNumber}` } });
    }
  }
  if (owner) {
    const current = owner.toLowerCase();
    for (const row of rows.values()) if (row.privilege === 'owner') row.active = row.holder === current;
    upsert(current, 'owner', 'Owner', { active: true, evidence: { method: 'owner', detail: `owner() returns it at block ${atBlock}` } });
  }
  if (hasRoles) for (const row of rows.values()) if (row.privilege.startsWith('role:')) row.evidence!.push({ method: 'erc165', detail: 'supportsInterface(IAccessControl) is true' });
  const admin = adminSlot && BigInt(adminSlot) !== 0n ? `0x${adminSlot.slice(-40)}`.toLowerCase() : null;
  if (admin) upsert(admin, 'proxy-admin', 'Proxy admin', { active: true, evidence: { method: 'erc1967', detail: `ERC-1967 admin slot holds it at block ${atBlock}` } });

  await db.transaction(async (tx) => {
    await tx.delete(skynetPrivilegedAddresses).where(eq(skynetPrivilegedAddresses.contractId, contract.id));
    if (rows.size) await tx.insert(skynetPrivilegedAddresses).values([...rows.values()]);
  });
}
