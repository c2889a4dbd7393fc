/** The console's project form and list filters, shared by the form, the actions and the list page. */
import { z } from '@/lib/zod';

import { parseEvmAddress } from '../evm-address';
import { AUDIT_STATUS_LABELS } from '../format';
import { STAFF_MESSAGES } from '../messages/staff';
import type { AuditStatus } from '../projects';
import { listPageSchema, listSearchSchema, whenValid } from './staff-audit';
import { staffFileKeySchema } from './api';

/** The slug is the project's id and address (/projects/<slug>); the database checks the same pattern. */
export const PROJECT_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

export const AUDIT_STATUS_OPTIONS = Object.keys(AUDIT_STATUS_LABELS) as [AuditStatus, ...AuditStatus[]];

/** Chains whose contracts have 0x addresses with the EIP-55 checksum: their addresses are checked strictly. */
export const EVM_CHAINS = [
  'Ethereum',
  'BNB Chain',
  'Polygon',
  'Arbitrum',
  'Optimism',
  'Avalanche',
  'Base',
  'Fantom',
  'Gnosis',
  'Linea',
  'Scroll',
  'zkSync Era',
  'Mantle',
  'Blast',
  'Celo',
] as const;

/** The chains the form offers before any project names another (the list pages add every chain in use). */
export const KNOWN_CHAINS = [...EVM_CHAINS, 'Bitcoin', 'Solana', 'Tron', 'TON', 'Cardano', 'XRP Ledger', 'Polkadot', 'Cosmos', 'Near', 'Aptos', 'Sui'] as const;

/** Networks suggested for social links; another name may be typed. */
export const SOCIAL_NETWORKS = ['X', 'Telegram', 'Discord', 'GitHub', 'Medium', 'Reddit', 'YouTube', 'LinkedIn'] as const;

const EVM_CHAIN_KEYS = new Set(EVM_CHAINS.map((chain) => chain.toLowerCase()));
export const isEvmChain = (chain: string) => EVM_CHAIN_KEYS.has(chain.trim().toLowerCase());

const MAX_TICKERS = 10;
const MAX_CHAINS = 20;
const MAX_SOCIALS = 10;
const MAX_CONTRACTS = 50;

const TICKER = /^[A-Za-z0-9$][A-Za-z0-9.$_-]{0,19}$/;
const CHAIN_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .-]{0,39}$/u;
/** Non-EVM addresses (base58, bech32, TON's raw form…): a loose shape that still refuses spaces and stray text. */
const OTHER_ADDRESS = /^[A-Za-z0-9:_.-]{16,120}$/;

export function isHttpsUrl(value: string): boolean {
  if (value.length > 500 || !/^https:\/\/[^\s/$.?#][^\s]*$/i.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Tickers typed with commas or spaces between them; repeats (in any case) are dropped. */
const tickersSchema = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .superRefine((tickers, context) => {
    const bad = tickers.find((ticker) => !TICKER.test(ticker));
    if (bad) context.addIssue({ code: 'custom', message: STAFF_MESSAGES.tickerInvalid(bad.slice(0, 30)) });
    else if (tickers.length > MAX_TICKERS) context.addIssue({ code: 'custom', message: STAFF_MESSAGES.tooManyTickers });
  })
  .transform((tickers) => tickers.filter((ticker, index) => tickers.findIndex((other) => other.toLowerCase() === ticker.toLowerCase()) === index));

const chainsSchema = z
  .array(z.string())
  .transform((chains) => chains.map((chain) => chain.trim().replace(/\s+/g, ' ')).filter(Boolean))
  .superRefine((chains, context) => {
    const bad = chains.find((chain) => !CHAIN_NAME.test(chain));
    if (bad) context.addIssue({ code: 'custom', message: STAFF_MESSAGES.chainInvalid(bad.slice(0, 50)) });
    else if (chains.length > MAX_CHAINS) context.addIssue({ code: 'custom', message: STAFF_MESSAGES.tooManyChains });
  })
  .transform((chains) => chains.filter((chain, index) => chains.findIndex((other) => other.toLowerCase() === chain.toLowerCase()) === index));

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => value || null);

/**
 * The logo as the form holds it: empty for none, the key of a picture just uploaded (/api/staff/files?kind=logo),
 * or the address the project already has (the server checks it is unchanged).
 */
const logoSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isLogoKey(value) || (value.length <= 500 && /^(\/|https:\/\/)\S+$/.test(value)), STAFF_MESSAGES.logoInvalid)
  .transform((value) => value || null);

/** A stored upload's key naming a picture (not a PDF). */
export const isLogoKey = (value: string) => staffFileKeySchema.safeParse(value).success && !value.endsWith('.pdf');

const socialSchema = z.object({
  network: z.string().trim().min(1, STAFF_MESSAGES.socialNetworkRequired).max(40, STAFF_MESSAGES.socialNetworkRequired),
  url: z.string().trim().refine(isHttpsUrl, STAFF_MESSAGES.socialUrlInvalid),
});

const contractSchema = z
  .object({
    chain: z.string().trim().min(1, STAFF_MESSAGES.contractChainRequired),
    address: z.string().trim(),
  })
  .superRefine((contract, context) => {
    const valid = isEvmChain(contract.chain) ? parseEvmAddress(contract.address) !== null : OTHER_ADDRESS.test(contract.address);
    if (!valid) context.addIssue({ code: 'custom', path: ['address'], message: isEvmChain(contract.chain) ? STAFF_MESSAGES.evmAddressInvalid : STAFF_MESSAGES.contractAddressInvalid });
  })
  // EVM addresses are kept in their checksummed form, so the same contract typed in two cases is one contract.
  .transform((contract) => ({ chain: contract.chain, address: isEvmChain(contract.chain) ? parseEvmAddress(contract.address)! : contract.address }));

const projectFields = {
  name: z.string().trim().min(1, STAFF_MESSAGES.projectNameRequired).max(200, STAFF_MESSAGES.projectNameTooLong),
  tokenTickers: tickersSchema,
  logo: logoSchema,
  category: optionalText(60, STAFF_MESSAGES.categoryTooLong),
  chains: chainsSchema,
  website: z
    .string()
    .trim()
    .refine((value) => value === '' || isHttpsUrl(value), STAFF_MESSAGES.websiteInvalid)
    .transform((value) => value || null),
  socials: z.array(socialSchema).max(MAX_SOCIALS, STAFF_MESSAGES.tooManySocials),
  description: optionalText(5000, STAFF_MESSAGES.projectDescriptionTooLong),
  contracts: z.array(contractSchema).max(MAX_CONTRACTS, STAFF_MESSAGES.tooManyContracts),
  auditStatus: z.enum(AUDIT_STATUS_OPTIONS, STAFF_MESSAGES.auditStatusRequired),
  kycVerified: z.boolean(),
};

type ContractsAndChains = { chains: string[]; contracts: { chain: string; address: string }[] };

/** Each contract sits on one of the project's chains, and none is listed twice. */
function checkContracts(project: ContractsAndChains, context: z.RefinementCtx<ContractsAndChains>) {
  const chains = new Set(project.chains.map((chain) => chain.toLowerCase()));
  const seen = new Set<string>();
  project.contracts.forEach((contract, index) => {
    if (!chains.has(contract.chain.toLowerCase())) {
      context.addIssue({ code: 'custom', path: ['contracts', index, 'chain'], message: STAFF_MESSAGES.contractChainNotListed(contract.chain.slice(0, 40)) });
    }
    const key = `${contract.chain.toLowerCase()}|${contract.address.toLowerCase()}`;
    if (seen.has(key)) context.addIssue({ code: 'custom', path: ['contracts', index, 'address'], message: STAFF_MESSAGES.contractDuplicate });
    seen.add(key);
  });
}

/** What staff edit about a project; the slug is set once, at creation (projectCreateSchema). */
export const projectFormSchema = z.object(projectFields).superRefine(checkContracts, { when: whenValid('chains', 'contracts') });
export type ProjectFormValues = z.input<typeof projectFormSchema>;
export type ProjectInput = z.output<typeof projectFormSchema>;

/** A new project: the form plus its slug, which never changes afterwards. */
export const projectCreateSchema = z
  .object({ id: z.string().trim().regex(PROJECT_SLUG_PATTERN, STAFF_MESSAGES.projectSlugInvalid), ...projectFields })
  .superRefine(checkContracts, { when: whenValid('chains', 'contracts') });
export type ProjectCreateValues = z.input<typeof projectCreateSchema>;
export type ProjectCreateInput = z.output<typeof projectCreateSchema>;

/** A slug suggested from the name as staff type it: lower case, accents dropped, hyphens between words. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** Values of an empty form. */
export const EMPTY_PROJECT_FORM: ProjectCreateValues = {
  id: '',
  name: '',
  tokenTickers: '',
  logo: '',
  category: '',
  chains: [],
  website: '',
  socials: [],
  description: '',
  contracts: [],
  auditStatus: 'none',
  kycVerified: false,
};

export const PROJECT_VISIBILITIES = ['visible', 'hidden'] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];
export const PROJECT_VISIBILITY_LABELS: Record<ProjectVisibility, string> = { visible: 'Shown publicly', hidden: 'Hidden' };

const filterText = z
  .string()
  .trim()
  .max(60)
  .transform((value) => value || undefined)
  .optional()
  .catch(undefined);

/** The project list's query parameters: a bad value falls back to "no filter" rather than failing. */
export const projectListQuerySchema = z.object({
  q: listSearchSchema.default(''),
  category: filterText,
  chain: filterText,
  visibility: z.enum(PROJECT_VISIBILITIES).optional().catch(undefined),
  page: listPageSchema.default(1),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;
