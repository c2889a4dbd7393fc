/** Audited code against deployed code (issue #20): the vocabulary both sides share, and the form's schema. */
import { z } from '@/lib/zod';

export const CODE_MATCH_STATUSES = ['matches', 'mismatch', 'unknown'] as const;
export type CodeMatchStatus = (typeof CODE_MATCH_STATUSES)[number];

export const CODE_MATCH_REASONS = ['no-source', 'compiler-unavailable', 'upgraded-after-audit', 'compile-failed', 'contract-not-in-source', 'no-code', 'chain-unreachable'] as const;
export type CodeMatchReason = (typeof CODE_MATCH_REASONS)[number];

/** The issue's words, exactly. */
export const CODE_MATCH_TEXTS = {
  title: 'Audited code',
  intro: 'Whether the code deployed at each address is the code the audit covered (metadata hash and immutable values aside; for a proxy, its implementation).',
  status: { matches: 'deployed code matches the audited code', mismatch: 'does not match', unknown: 'unknown' } satisfies Record<CodeMatchStatus, string>,
  reason: {
    'no-source': 'no source given',
    'compiler-unavailable': 'compiler unavailable',
    'upgraded-after-audit': 'implementation upgraded after the audit',
    'compile-failed': 'the audited source does not compile',
    'contract-not-in-source': 'the contract is not in the audited source',
    'no-code': 'no code at this address',
    'chain-unreachable': 'the chain could not be read',
  } satisfies Record<CodeMatchReason, string>,
  compilerMissing: (version: string) => `solc ${version} is not installed on this platform: the audited source cannot be compiled.`,
  implementation: 'Implementation compared',
  checkedAt: 'Checked',
  empty: 'No audit of this project names the code it covers.',
} as const;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOURCE_PATH = /^[A-Za-z0-9_@./-]{1,200}\.sol$/;

export const auditSourceFileSchema = z.object({
  path: z.string().trim().regex(SOURCE_PATH, 'Each source file needs a path ending in .sol (letters, digits, _ @ . / -).'),
  content: z.string().min(1, 'A source file is empty.').max(500_000, 'A source file may hold at most 500,000 characters.'),
});

/** What an audit names as audited: its source, the compiler and settings, and the contracts and addresses covered. */
export const auditCodeFormSchema = z
  .object({
    repository: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'The repository must be an http(s) address.' })]),
    commit: z.union([z.literal(''), z.string().trim().regex(/^[0-9a-f]{7,40}$/i, 'The commit is 7 to 40 hexadecimal digits.')]),
    files: z.array(auditSourceFileSchema).min(1, 'Upload at least one source file.').max(200, 'At most 200 source files.'),
    compilerVersion: z.string().trim().regex(/^\d+\.\d+\.\d+$/, 'The compiler version looks like 0.8.28.'),
    optimizer: z.boolean(),
    runs: z.coerce.number<string | number>().int('Runs is a whole number.').min(1, 'Runs is at least 1.').max(4_294_967_295, 'Runs is at most 2^32 - 1.'),
    evmVersion: z.union([z.literal(''), z.enum(['homestead', 'tangerineWhistle', 'spuriousDragon', 'byzantium', 'constantinople', 'petersburg', 'istanbul', 'berlin', 'london', 'paris', 'shanghai', 'cancun', 'prague', 'osaka'], { error: 'Choose an EVM version solc knows.' })]),
    viaIR: z.boolean(),
    contracts: z
      .array(z.string().trim().regex(/^[A-Za-z0-9_@./-]+\.sol:[A-Za-z_$][A-Za-z0-9_$]*$/, 'Name each contract as file.sol:Name.'))
      .min(1, 'Name at least one contract (file.sol:Name).')
      .max(50, 'At most 50 contracts.'),
    deployments: z
      .array(
        z.object({
          contract: z.string().trim(),
          chainId: z.coerce.number<string | number>().int('The chain id is a whole number.').positive('The chain id is a positive number.'),
          address: z.string().trim().regex(ADDRESS, 'An address is 0x followed by 40 hexadecimal digits.').transform((value) => value.toLowerCase()),
        }),
      )
      .max(100, 'At most 100 addresses.'),
  })
  .superRefine((value, context) => {
    const paths = new Set<string>();
    value.files.forEach((file, index) => {
      if (paths.has(file.path)) context.addIssue({ code: 'custom', path: ['files', index, 'path'], message: `${file.path} is uploaded twice.` });
      paths.add(file.path);
    });
    value.contracts.forEach((contract, index) => {
      if (!paths.has(contract.split(':')[0])) context.addIssue({ code: 'custom', path: ['contracts', index], message: `${contract}: no uploaded file has this path.` });
    });
    const named = new Set(value.contracts);
    value.deployments.forEach((deployment, index) => {
      if (!named.has(deployment.contract)) context.addIssue({ code: 'custom', path: ['deployments', index, 'contract'], message: `${deployment.contract || 'The contract'} is not among the contracts named above.` });
    });
    if (value.commit && !value.repository) context.addIssue({ code: 'custom', path: ['repository'], message: 'Give the repository the commit belongs to.' });
  });
export type AuditCodeInput = z.output<typeof auditCodeFormSchema>;
export type AuditCodeFormInput = z.input<typeof auditCodeFormSchema>;

/** One contract's answer, as the project page and the API show it. */
export type CodeMatchView = {
  /** Null for a watched contract no published audit names. */
  auditId: string | null;
  contract: string | null;
  chainId: number;
  address: string;
  status: CodeMatchStatus;
  reason: CodeMatchReason | null;
  /** Said in full when the reason needs more than its words (e.g. which compiler is missing). */
  detail: string | null;
  implementation: string | null;
  checkedAt: Date;
};
