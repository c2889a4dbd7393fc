import 'server-only';

import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { PublicClient } from 'viem';

import { AUTOMATIC_ALERT_TITLES, evmChainName, type AlertEvidence } from '@/lib/alerts';
import { CODE_MATCH_TEXTS, type CodeMatchReason, type CodeMatchStatus, type CodeMatchView } from '@/lib/code-match';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import { getConfig } from '../config';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { auditCode, audits, codeCompilations, codeMatches, securityAlerts, skynetContracts } from '../db/schema';
import { logger } from '../logger';
import { notifyWatchersOfAlert } from '../notifications';
import { sameRuntime, type ByteRange } from './bytecode';
import { shortError, withRetry } from './chain';
import { chainClient, findSkynetChain } from './chains';
import { readProxy } from './proxy';
import { loadSolc } from './solc-versions';

type AuditCodeRow = typeof auditCode.$inferSelect;
type Compiled = Record<string, { runtime: string; immutables: ByteRange[]; links: ByteRange[] }>;
export type Compilation = { kind: 'unavailable' } | { kind: 'failed'; error: string } | { kind: 'compiled'; contracts: Compiled };

export const UNAUDITED_IMPLEMENTATION_RULE = 'unaudited-implementation';

function settingsOf(code: Pick<AuditCodeRow, 'optimizer' | 'runs' | 'evmVersion' | 'viaIR'>) {
  return { optimizer: { enabled: code.optimizer, runs: code.runs }, ...(code.evmVersion ? { evmVersion: code.evmVersion } : {}), ...(code.viaIR ? { viaIR: true } : {}) };
}

/** The cache key: the compiler, every file (sorted by path) and the settings. */
export function compilationKey(code: Pick<AuditCodeRow, 'compilerVersion' | 'files' | 'optimizer' | 'runs' | 'evmVersion' | 'viaIR'>): string {
  const files = [...code.files].sort((a, b) => a.path.localeCompare(b.path)).map((file) => [file.path, file.content]);
  return createHash('sha256').update(JSON.stringify({ version: code.compilerVersion, files, settings: settingsOf(code) })).digest('hex');
}

/**
 * solc's runtime code for the audit's source and settings, compiled once per source hash + settings (cached in
 * code_compilations). Imports resolve among the uploaded files only: what was audited, nothing else.
 */
export async function compileAuditCode(db: Database, code: AuditCodeRow): Promise<Compilation> {
  const key = compilationKey(code);
  const [cached] = await db.select().from(codeCompilations).where(eq(codeCompilations.key, key));
  if (cached) return cached.contracts ? { kind: 'compiled', contracts: cached.contracts } : { kind: 'failed', error: cached.error ?? 'solc refused the source' };
  const solc = loadSolc(code.compilerVersion);
  if (!solc) return { kind: 'unavailable' };
  const sources = Object.fromEntries(code.files.map((file) => [file.path, { content: file.content }]));
  const input = {
    language: 'Solidity',
    sources,
    settings: { ...settingsOf(code), outputSelection: { '*': { '*': ['evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences', 'evm.deployedBytecode.linkReferences'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: (missing) => ({ error: `${missing} is not among the uploaded files` }) })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { evm: { deployedBytecode: { object: string; immutableReferences?: Record<string, ByteRange[]>; linkReferences?: Record<string, Record<string, ByteRange[]>> } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  let contracts: Compiled | null = null;
  let error: string | null = null;
  if (errors.length) error = errors.map((entry) => entry.formattedMessage).join('\n').slice(0, 4000);
  else {
    contracts = {};
    for (const [file, byName] of Object.entries(output.contracts ?? {})) {
      for (const [name, contract] of Object.entries(byName)) {
        const deployed = contract.evm.deployedBytecode;
        contracts[`${file}:${name}`] = {
          runtime: deployed.object,
          immutables: Object.values(deployed.immutableReferences ?? {}).flat(),
          links: Object.values(deployed.linkReferences ?? {}).flatMap((libraries) => Object.values(libraries).flat()),
        };
      }
    }
  }
  await db.insert(codeCompilations).values({ key, compilerVersion: code.compilerVersion, contracts, error }).onConflictDoNothing();
  return contracts ? { kind: 'compiled', contracts } : { kind: 'failed', error: error! };
}

/** A client for a chain Skynet follows (its registry), or null for a chain it does not. */
export async function chainClientFor(chainId: number): Promise<PublicClient | null> {
  const chain = await findSkynetChain(chainId);
  return chain ? chainClient(chain) : null;
}

type Outcome = { status: CodeMatchStatus; reason: CodeMatchReason | null; detail: string | null; implementation: string | null };
const unknown = (reason: CodeMatchReason, detail: string | null = null, implementation: string | null = null): Outcome => ({ status: 'unknown', reason, detail, implementation });

/**
 * Compares the audit's compiled contracts with the code at each address it names (for a proxy, its implementation)
 * and stores the answers. A proxy whose implementation changed since the first check of this audit reads "unknown:
 * implementation upgraded after the audit", and raises an alert unless another audit's code matches the new one.
 */
export async function checkAuditCode(db: Database, auditId: string): Promise<void> {
  const [row] = await db.select({ code: auditCode, projectId: audits.projectId }).from(auditCode).innerJoin(audits, eq(audits.id, auditCode.auditId)).where(eq(auditCode.auditId, auditId));
  if (!row) return;
  const { code, projectId } = row;
  const compilation = await compileAuditCode(db, code);
  const previous = await db.select().from(codeMatches).where(eq(codeMatches.auditId, auditId));
  let changed = false;
  for (const deployment of code.deployments) {
    const before = previous.find((match) => match.contract === deployment.contract && match.chainId === deployment.chainId && match.address === deployment.address);
    let outcome: Outcome;
    let auditedImplementation = before?.auditedImplementation ?? null;
    try {
      const client = await chainClientFor(deployment.chainId);
      if (!client) outcome = unknown('chain-unreachable', `Skynet has no endpoint for ${evmChainName(deployment.chainId)}.`);
      else {
        const address = deployment.address as `0x${string}`;
        const proxy = await readProxy(client, address);
        const target = (proxy.implementation ?? address) as `0x${string}`;
        const implementation = proxy.implementation;
        // The first implementation seen since the audit named its code is the audited one.
        if (implementation && !auditedImplementation) auditedImplementation = implementation;
        if (implementation && auditedImplementation && implementation !== auditedImplementation) outcome = unknown('upgraded-after-audit', null, implementation);
        else if (compilation.kind === 'unavailable') outcome = unknown('compiler-unavailable', CODE_MATCH_TEXTS.compilerMissing(code.compilerVersion), implementation);
        else if (compilation.kind === 'failed') outcome = unknown('compile-failed', compilation.error.split('\n')[0].slice(0, 500), implementation);
        else {
          const compiled = compilation.contracts[deployment.contract];
          const deployed = await withRetry(() => client.getCode({ address: target }), { what: `code of ${target}` });
          if (!compiled) outcome = unknown('contract-not-in-source', null, implementation);
          else if (!deployed || deployed === '0x') outcome = unknown('no-code', null, implementation);
          else {
            const same = sameRuntime(compiled.runtime, deployed, [...compiled.immutables, ...compiled.links]);
            outcome = { status: same ? 'matches' : 'mismatch', reason: null, detail: null, implementation };
          }
        }
      }
    } catch (error) {
      logger.warn({ auditId, address: deployment.address, err: shortError(error) }, 'code match: the chain could not be read');
      outcome = unknown('chain-unreachable', shortError(error));
    }
    const values = { ...outcome, auditedImplementation, checkedAt: new Date() };
    if (before?.status !== outcome.status || before?.reason !== outcome.reason) changed = true;
    await db
      .insert(codeMatches)
      .values({ auditId, contract: deployment.contract, chainId: deployment.chainId, address: deployment.address, ...values })
      .onConflictDoUpdate({ target: [codeMatches.auditId, codeMatches.contract, codeMatches.chainId, codeMatches.address], set: values });
    if (outcome.reason === 'upgraded-after-audit' && outcome.implementation) await alertIfUnaudited(db, projectId, deployment.chainId, deployment.address, outcome.implementation, auditedImplementation);
  }
  // Addresses the audit no longer names are no longer answered for.
  const kept = new Set(code.deployments.map((deployment) => `${deployment.contract}|${deployment.chainId}|${deployment.address}`));
  for (const stale of previous.filter((match) => !kept.has(`${match.contract}|${match.chainId}|${match.address}`))) {
    await db
      .delete(codeMatches)
      .where(and(eq(codeMatches.auditId, auditId), eq(codeMatches.contract, stale.contract), eq(codeMatches.chainId, stale.chainId), eq(codeMatches.address, stale.address)));
    changed = true;
  }
  // The project page is cached: a new answer shows at once.
  if (changed) revalidatePublicData(CACHE_TAGS.projects, CACHE_TAGS.audits);
}

/** An automatic alert, once per proxy and new implementation, unless some audit's code matches that implementation. */
async function alertIfUnaudited(db: Database, projectId: string, chainId: number, proxy: string, implementation: string, audited: string | null): Promise<void> {
  const [covered] = await db
    .select({ auditId: codeMatches.auditId })
    .from(codeMatches)
    .where(and(eq(codeMatches.chainId, chainId), eq(codeMatches.implementation, implementation), eq(codeMatches.status, 'matches')))
    .limit(1);
  if (covered) return;
  const evidence: AlertEvidence = { rule: UNAUDITED_IMPLEMENTATION_RULE, chainId, contract: proxy, values: { implementation, ...(audited ? { auditedImplementation: audited } : {}) } };
  const now = new Date();
  const [inserted] = await db
    .insert(securityAlerts)
    .values({
      projectId,
      type: 'contract-change',
      title: AUTOMATIC_ALERT_TITLES.unauditedImplementation(proxy, implementation),
      occurredAt: now,
      chain: evmChainName(chainId),
      sourceUrls: [],
      confidence: 'confirmed',
      status: 'published',
      origin: 'automatic',
      evidence,
      dedupeKey: ['code-match', projectId, chainId, proxy, implementation].join(':'),
      publishedAt: now,
    })
    .onConflictDoNothing({ target: securityAlerts.dedupeKey })
    .returning({ id: securityAlerts.id });
  if (inserted) await notifyWatchersOfAlert(db, inserted.id);
}

/** The background pass: every audit that names its code, checked again (new upgrades, fresh compilers). */
export async function checkAllAuditCode(db: Database): Promise<void> {
  const rows = await db.select({ auditId: auditCode.auditId }).from(auditCode).orderBy(asc(auditCode.updatedAt));
  for (const { auditId } of rows) {
    try {
      await checkAuditCode(db, auditId);
    } catch (error) {
      logger.error({ auditId, err: shortError(error) }, 'code match: the check failed');
    }
  }
}

let lastPass = 0;

/** The indexer's pass runs the check too, at most once per SKYNET_INTERVAL_SECONDS (compiles are cached). */
export async function checkAuditCodeIfDue(db: Database): Promise<void> {
  const now = Date.now();
  if (now - lastPass < getConfig().skynet.intervalSeconds * 1000) return;
  lastPass = now;
  try {
    await checkAllAuditCode(db);
  } catch (error) {
    logger.error({ err: shortError(error) }, 'code match: the pass failed');
  }
}

/**
 * Per contract of a project: the published audits' answers, and for each watched contract no published audit
 * names, "unknown: no source given".
 */
export async function listCodeMatches(projectId: string): Promise<CodeMatchView[]> {
  const db = await getDb();
  const [matches, watched] = await Promise.all([
    db
      .select({ match: codeMatches })
      .from(codeMatches)
      .innerJoin(audits, eq(audits.id, codeMatches.auditId))
      .where(and(eq(audits.projectId, projectId), eq(audits.status, 'published')))
      .orderBy(asc(codeMatches.chainId), asc(codeMatches.address), asc(codeMatches.contract)),
    db.select({ chainId: skynetContracts.chainId, address: skynetContracts.address, createdAt: skynetContracts.createdAt }).from(skynetContracts).where(eq(skynetContracts.projectId, projectId)),
  ]);
  const views: CodeMatchView[] = matches.map(({ match }) => ({
    auditId: match.auditId,
    contract: match.contract,
    chainId: match.chainId,
    address: match.address,
    status: match.status,
    reason: match.reason,
    detail: match.detail,
    implementation: match.implementation,
    checkedAt: match.checkedAt,
  }));
  const named = new Set(views.map((view) => `${view.chainId}|${view.address}`));
  for (const contract of watched.filter((entry) => !named.has(`${entry.chainId}|${entry.address}`))) {
    views.push({ auditId: null, contract: null, chainId: contract.chainId, address: contract.address, status: 'unknown', reason: 'no-source', detail: null, implementation: null, checkedAt: contract.createdAt });
  }
  return views;
}

