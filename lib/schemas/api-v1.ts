/**
 * The public API, version 1 (issue #19): every resource's one JSON shape and every route's query, as zod schemas.
 * The handlers type their answers by them and /api/v1/openapi.json is generated from them (server/api-v1/openapi.ts).
 * Within v1 fields are only ever added: never renamed, retyped or removed.
 */
import { z } from '@/lib/zod';

import { lineText } from './text';

import { ALERT_ORIGINS, ALERT_TYPES } from '../alerts';
import { CODE_MATCH_REASONS, CODE_MATCH_STATUSES } from '../code-match';
import { AUDIT_FILTERS, LEADERBOARD_SORTS } from '../leaderboard';
import { GRADES, type Grade } from '../score';
import { ADMIN_RISK_LEVELS, POWER_CATEGORIES } from '../skynet/admin-powers';
import { alertFilterFieldSchemas } from './alert-filters';
import { skynetEvidenceSchema } from './skynet';

export const API_V1_LIMIT_DEFAULT = 50;
export const API_V1_LIMIT_MAX = 200;
/** The most project ids one `ids` filter may name. */
export const API_V1_IDS_MAX = 50;

const PROJECT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const isoDateTime = z.iso.datetime({ offset: true });

// ---- Query parameters (strict: an unknown parameter is a 400, never silently ignored) ----

const limit = z
  .string()
  .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${API_V1_LIMIT_MAX}`)
  .transform(Number)
  .pipe(z.number().int().min(1, `limit must be a whole number from 1 to ${API_V1_LIMIT_MAX}`).max(API_V1_LIMIT_MAX, `limit must be a whole number from 1 to ${API_V1_LIMIT_MAX}`))
  .optional()
  .describe(`Items per page, 1 to ${API_V1_LIMIT_MAX} (default ${API_V1_LIMIT_DEFAULT}).`);
const cursor = z.string().min(1).max(512).optional().describe('The `nextCursor` of the previous page; opaque.');
export const formatSchema = z.enum(['json', 'csv']).optional().describe('`csv` answers text/csv (as does `Accept: text/csv`).');
const text = lineText(100);
const score = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a number from 0 to 100')
  .transform(Number)
  .pipe(z.number().min(0, 'must be a number from 0 to 100').max(100, 'must be a number from 0 to 100'))
  .optional();

export const projectIdSchema = z.string().regex(PROJECT_ID, 'not a project id');
export const alertIdSchema = z.uuid('not an alert id');
/** An EVM chain id in a path: a positive whole number (within what JSON numbers hold exactly). */
export const chainIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number (an EVM chain id such as 1)')
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER, 'must be a positive whole number (an EVM chain id such as 1)'));
/** A contract address in a path: 0x and 40 hexadecimal digits, any case; answered in lowercase. */
export const contractAddressParamSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hexadecimal digits')
  .transform((address) => address.toLowerCase());

const idList = z
  .string()
  .transform((value, ctx) => {
    const ids = value.split(',').map((id) => id.trim());
    if (ids.length > API_V1_IDS_MAX) ctx.addIssue({ code: 'custom', message: `ids may name at most ${API_V1_IDS_MAX} projects` });
    else if (ids.some((id) => !PROJECT_ID.test(id))) ctx.addIssue({ code: 'custom', message: 'ids must be project ids separated by commas' });
    return ids;
  })
  .optional()
  .describe(`Only these projects: up to ${API_V1_IDS_MAX} ids, separated by commas.`);

export const projectListQuerySchema = z.strictObject({
  ids: idList,
  category: text.optional(),
  chain: text.optional(),
  grade: z.enum(GRADES as [Grade, ...Grade[]]).optional(),
  minScore: score,
  maxScore: score,
  audit: z.enum(AUDIT_FILTERS).optional(),
  kyc: z.enum(['true', 'false']).optional().describe('`true`: KYC-verified projects only.'),
  sort: z.enum(LEADERBOARD_SORTS).optional().describe('score (default), rank, name or audit (latest audit first).'),
  limit,
  cursor,
  format: formatSchema,
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export const formatOnlyQuerySchema = z.strictObject({ format: formatSchema });
export const jsonOnlyQuerySchema = z.strictObject({});

export const alertListQuerySchema = z.strictObject({
  project: projectIdSchema.optional(),
  type: z.enum(ALERT_TYPES).optional(),
  origin: z.enum(ALERT_ORIGINS).optional(),
  limit,
  cursor,
  format: formatSchema,
});
export type AlertListQuery = z.output<typeof alertListQuerySchema>;

// The page number is the web page's; the API pages by cursor.
const incidentFields = Object.fromEntries(Object.entries(alertFilterFieldSchemas).filter(([key]) => key !== 'page')) as Omit<typeof alertFilterFieldSchemas, 'page'>;
/** The incident database's filters (as /alerts reads them), strict, with cursor pagination instead of pages. */
export const incidentListQuerySchema = z.strictObject({
  ...Object.fromEntries(Object.entries(incidentFields).map(([key, schema]) => [key, (schema as z.ZodType<unknown, string>).optional()])),
  limit,
  cursor,
  format: formatSchema,
} as { [K in keyof typeof incidentFields]: z.ZodOptional<(typeof incidentFields)[K]> } & { limit: typeof limit; cursor: typeof cursor; format: typeof formatSchema });
export type IncidentListQuery = z.output<typeof incidentListQuerySchema>;

// ---- Answers ----

export const projectSummaryV1Schema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  rank: z.int().nullable(),
  tokenTickers: z.array(z.string()),
  category: z.string().nullable(),
  chains: z.array(z.string()),
  auditStatus: z.enum(['audited', 'under_audit', 'none']),
  kycVerified: z.boolean(),
  score: z.number().nullable(),
  grade: z.enum(GRADES as [Grade, ...Grade[]]).nullable(),
  latestAuditAt: isoDateTime.nullable(),
  isDemo: z.boolean(),
});
export type ProjectSummaryV1 = z.infer<typeof projectSummaryV1Schema>;

const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const projectListV1Schema = page(projectSummaryV1Schema);

const findingCount = z.object({ total: z.int().nonnegative(), resolved: z.int().nonnegative() });
export const auditV1Schema = z.object({
  id: z.uuid(),
  auditor: z.string(),
  publishedAt: isoDateTime,
  startedOn: z.iso.date().nullable(),
  endedOn: z.iso.date().nullable(),
  scope: z.string(),
  reportUrl: z.string().nullable(),
  findings: z.record(z.string(), findingCount),
  isDemo: z.boolean(),
});

export const alertSourceV1Schema = z.object({ kind: z.enum(['link', 'evidence', 'explorer', 'demo']), href: z.string() });

/** An incident of the public record: its source credited (name, licence), the chains, addresses, transactions and links. */
export const incidentRecordV1Schema = z.object({
  sourceId: z.string(),
  source: z.object({ id: z.string(), name: z.string(), url: z.string(), licence: z.string() }),
  chains: z.array(z.string()),
  sourceTechnique: z.string().nullable(),
  lossNative: z.array(z.object({ amount: z.string(), asset: z.string() })),
  attackers: z.array(z.string()),
  attackContracts: z.array(z.string()),
  victims: z.array(z.string()),
  attackTransactions: z.array(z.object({ chain: z.string(), hash: z.string() })),
  links: z.array(z.object({ url: z.string(), kind: z.string() })),
});

/** An alert as every list shows it: the alerts feed, the incident database and a project's alerts. */
export const alertV1Schema = z.object({
  id: z.uuid(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  projectCategory: z.string().nullable(),
  type: z.string(),
  title: z.string(),
  occurredAt: isoDateTime,
  chain: z.string().nullable(),
  technique: z.string().nullable(),
  confidence: z.string(),
  origin: z.enum(ALERT_ORIGINS),
  amountLostUsd: z.number().nullable(),
  amountReturnedUsd: z.number().nullable(),
  amountsPricedOn: z.iso.date().nullable(),
  retractedAt: isoDateTime.nullable(),
  retractionReason: z.string().nullable(),
  sources: z.array(alertSourceV1Schema),
  isDemo: z.boolean(),
  /** The protocol an incident of the public record names (null for other alerts). */
  protocol: z.string().nullable(),
  /** Its facts from the public record, with the source's credit (null for other alerts). */
  record: incidentRecordV1Schema.nullable(),
});
export type AlertV1 = z.infer<typeof alertV1Schema>;
export const alertListV1Schema = page(alertV1Schema);

export const correctionV1Schema = z.object({
  id: z.uuid(),
  createdAt: isoDateTime,
  reason: z.string(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.unknown(), after: z.unknown() })),
});
export const alertDetailV1Schema = z.object({
  ...alertV1Schema.shape,
  description: z.string().nullable(),
  publishedAt: isoDateTime.nullable(),
  evidence: z.record(z.string(), z.unknown()).nullable(),
  corrections: z.array(correctionV1Schema),
});

/** Audited code against deployed code (#20), per contract and address; `statusText` and `reasonText` are the page's words. */
export const codeMatchV1Schema = z.object({
  auditId: z.uuid().nullable(),
  contract: z.string().nullable(),
  chainId: z.int(),
  address: z.string(),
  status: z.enum(CODE_MATCH_STATUSES),
  statusText: z.string(),
  reason: z.enum(CODE_MATCH_REASONS).nullable(),
  reasonText: z.string().nullable(),
  detail: z.string().nullable(),
  implementation: z.string().nullable(),
  checkedAt: isoDateTime,
});

/** Who finally controls a power, once the holders in between (timelocks, owned contracts) are followed. */
const finalControllerV1Schema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('eoa') }),
  z.object({
    kind: z.literal('safe'),
    threshold: z.int().nonnegative(),
    owners: z.int().nonnegative(),
    modules: z.int().nonnegative().nullable().optional().describe('Enabled modules, each able to act without signatures; null when the Safe cannot list them.'),
  }),
  z.object({ kind: z.literal('unknown-contract') }),
  z.object({ kind: z.literal('none') }),
]);

/** One watched contract's admin powers as Skynet last read them from the chain (#20); addresses are lowercase. */
export const adminPowersV1Schema = z.object({
  projectId: z.string(),
  chainId: z.int(),
  address: z.string(),
  pattern: z.enum(['transparent', 'uups', 'beacon', 'none']).describe('The proxy pattern (ERC-1967 transparent, UUPS, beacon) or none.'),
  implementation: z.string().nullable(),
  proxyAdmin: z.string().nullable(),
  holders: z.array(
    z.object({
      holder: z.string(),
      privilege: z.string(),
      links: z
        .array(
          z.object({
            address: z.string(),
            kind: z.string().describe('eoa, safe, timelock, owned-contract or unknown-contract.'),
            evidence: z.string(),
            threshold: z.int().optional(),
            owners: z.array(z.string()).optional(),
            minDelay: z.int().optional(),
            proposers: z.array(z.string()).optional().describe('A timelock: who may propose now.'),
            executors: z.array(z.string()).optional().describe('A timelock: who may execute now (the zero address: anyone).'),
            modules: z.array(z.string()).nullable().optional().describe('A Safe: its enabled modules, each able to execute without any signature; null when it cannot list them.'),
            guard: z.string().nullable().optional().describe('A Safe: its transaction guard; null for none.'),
            cancellers: z.array(z.string()).optional().describe('A timelock: who may cancel a scheduled operation now.'),
            admins: z.array(z.string()).optional().describe('A timelock: who may change its roles at once (itself included when it holds the admin role).'),
            selfAdministered: z.boolean().optional().describe('A timelock: true when it is its own only admin, so its roles change only through its delay.'),
          }),
        )
        .describe('The chain from the holder to its final controller, first link first.'),
      controller: finalControllerV1Schema,
      delaySeconds: z.int().nonnegative(),
      truncated: z.boolean(),
    }),
  ),
  powers: z.array(z.object({ category: z.enum(POWER_CATEGORIES), functions: z.array(z.string()), holder: z.string().nullable(), delaySeconds: z.int().nonnegative() })),
  upgrades: z.array(
    z.object({ kind: z.enum(['upgraded', 'admin-changed', 'beacon-upgraded']), to: z.string(), from: z.string().nullable(), blockNumber: z.int(), txHash: z.string(), logIndex: z.int() }),
  ),
  summary: z.string().describe('One line, e.g. "Upgradeable by a 2-of-3 multisig with no delay".'),
  riskLevel: z.enum(ADMIN_RISK_LEVELS),
  riskRule: z.string().describe('The rule of the methodology that gives the risk level.'),
  blockNumber: z.int().describe('The block the reading was taken at.'),
  evidence: z.array(skynetEvidenceSchema),
  readAt: isoDateTime,
});
export type AdminPowersV1 = z.infer<typeof adminPowersV1Schema>;

/** The admin powers of one contract address: one reading per project watching it. */
export const contractAdminPowersV1Schema = z.object({
  chainId: z.int(),
  address: z.string(),
  data: z.array(adminPowersV1Schema),
  reason: z.string().nullable().describe('Why `data` is empty although the contract is watched (not read yet); null otherwise.'),
});
export type ContractAdminPowersV1 = z.infer<typeof contractAdminPowersV1Schema>;

export const projectV1Schema = z.object({
  ...projectSummaryV1Schema.shape,
  website: z.string().nullable(),
  description: z.string().nullable(),
  pillars: z.record(z.string(), z.object({ score: z.number(), signals: z.record(z.string(), z.number()) })).nullable(),
  methodologyVersion: z.string().nullable(),
  scoreUpdatedAt: isoDateTime.nullable(),
  audits: z.array(auditV1Schema),
  alerts: z.array(alertV1Schema),
  codeMatches: z.array(codeMatchV1Schema),
  adminPowers: z.array(adminPowersV1Schema),
});

export const scorePointV1Schema = z.object({
  recordedAt: isoDateTime,
  score: z.number(),
  grade: z.enum(GRADES as [Grade, ...Grade[]]),
  methodologyVersion: z.string(),
  note: z.string(),
  isDemo: z.boolean(),
});
export const scoreHistoryV1Schema = z.object({ projectId: z.string(), data: z.array(scorePointV1Schema) });

/** Every 4xx and 5xx answer (RFC 9457 problem details); `errors` names each bad parameter. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  instance: z.string(),
  errors: z.array(z.object({ parameter: z.string(), detail: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
