import 'server-only';

import { eq } from 'drizzle-orm';

import { evmChainName } from '@/lib/alerts';
import { auditCodeFormSchema, type AuditCodeFormInput, type AuditCodeInput } from '@/lib/code-match';
import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import { getDb } from '../db/client';
import { auditCode, audits, codeMatches } from '../db/schema';
import { shortError, withRetry } from '../skynet/chain';
import { chainClientFor, checkAuditCode } from '../skynet/code-match';
import { SOLC_PACKAGES } from '../skynet/solc-versions';
import { recordStaffChange, type StaffActor } from './audit-log';

export const AUDIT_CODE_MESSAGES = {
  unknownChain: (chainId: number) => `Skynet reads no endpoint for chain ${chainId}: watch a contract on ${evmChainName(chainId)} first, or choose another chain.`,
  notContract: (address: string, chainId: number) => `${address} holds no contract on ${evmChainName(chainId)}: check the address and the chain.`,
  chainUnreadable: (chainId: number, error: string) => `${evmChainName(chainId)} could not be read (${error}); nothing was saved, try again.`,
} as const;

/** What the form shows of an audit's named code; null when none is named yet. */
export async function getAuditCode(auditId: string): Promise<{ values: AuditCodeFormInput; installedCompilers: string[] } | { values: null; installedCompilers: string[] }> {
  const db = await getDb();
  const [row] = await db.select().from(auditCode).where(eq(auditCode.auditId, auditId));
  const installedCompilers = Object.keys(SOLC_PACKAGES);
  if (!row) return { values: null, installedCompilers };
  return {
    installedCompilers,
    values: {
      repository: row.repository ?? '',
      commit: row.commit ?? '',
      files: row.files,
      compilerVersion: row.compilerVersion,
      optimizer: row.optimizer,
      runs: row.runs,
      evmVersion: (row.evmVersion ?? '') as AuditCodeFormInput['evmVersion'],
      viaIR: row.viaIR,
      contracts: row.contracts,
      deployments: row.deployments,
    },
  };
}

/**
 * Names the code an audit covers. Every address is checked first (a chain Skynet reads, code at the address), so a
 * bad one changes nothing; then the source is compiled (cached by hash + settings) and compared, here, off the page.
 */
export async function saveAuditCode(actor: StaffActor, auditId: string, raw: AuditCodeFormInput): Promise<void> {
  const input: AuditCodeInput = auditCodeFormSchema.parse(raw);
  const db = await getDb();
  const [audit] = await db.select({ id: audits.id, status: audits.status }).from(audits).where(eq(audits.id, auditId));
  if (!audit) throw new UserFacingError(STAFF_MESSAGES.auditNotFound, 404);
  for (const { chainId, address } of input.deployments) {
    const client = await chainClientFor(chainId).catch(() => null);
    if (!client) throw new UserFacingError(AUDIT_CODE_MESSAGES.unknownChain(chainId), 400);
    let code: string | undefined;
    try {
      code = await withRetry(() => client.getCode({ address: address as `0x${string}` }), { what: `code of ${address}`, attempts: 2 });
    } catch (error) {
      throw new UserFacingError(AUDIT_CODE_MESSAGES.chainUnreadable(chainId, shortError(error)), 502);
    }
    if (!code || code === '0x') throw new UserFacingError(AUDIT_CODE_MESSAGES.notContract(address, chainId), 400);
  }
  const columns = {
    repository: input.repository || null,
    commit: input.commit || null,
    files: input.files,
    compilerVersion: input.compilerVersion,
    optimizer: input.optimizer,
    runs: input.runs,
    evmVersion: input.evmVersion || null,
    viaIR: input.viaIR,
    contracts: input.contracts,
    deployments: input.deployments,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(auditCode).where(eq(auditCode.auditId, auditId)).for('update');
    await tx.insert(auditCode).values({ auditId, ...columns }).onConflictDoUpdate({ target: auditCode.auditId, set: columns });
    const summary = (value: typeof columns | typeof before) =>
      value && { ...value, files: value.files.map((file) => ({ path: file.path, characters: file.content.length })), updatedAt: undefined };
    // Named again: the implementation each proxy runs now is the audited one (a new audit of an upgrade).
    await tx.delete(codeMatches).where(eq(codeMatches.auditId, auditId));
    await recordStaffChange(tx, actor, { action: 'audit.code', entityType: 'audit', entityId: auditId, before: summary(before) ?? null, after: summary(columns) });
  });
  await checkAuditCode(db, auditId);
  if (audit.status === 'published') revalidatePublicData(CACHE_TAGS.audits, CACHE_TAGS.projects);
}
