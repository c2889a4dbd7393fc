import { describe, expect, it } from 'vitest';

import { toChecksumAddress } from '@/lib/evm-address';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { EMPTY_PROJECT_FORM, PROJECT_SLUG_PATTERN, projectCreateSchema, projectFormSchema, projectListQuerySchema, slugFromName, type ProjectFormValues } from '@/lib/schemas/staff-project';
import { buildSeedProjects } from '@/server/db/seed-data';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

// The console's blank form with a name: the schema reads the form's fields and leaves the create form's id alone.
const form = (overrides: Partial<ProjectFormValues> = {}): ProjectFormValues => ({ ...EMPTY_PROJECT_FORM, name: 'Example', ...overrides });

/** The messages of a refused form, by field path. */
function issuesOf(values: ProjectFormValues): Record<string, string[]> {
  const result = projectFormSchema.safeParse(values);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byPath[issue.path.join('.')] ??= []).push(issue.message);
  return byPath;
}

describe('the project form', () => {
  it('reads tickers typed with commas or spaces, keeping the first spelling of each', () => {
    expect(projectFormSchema.parse(form({ tokenTickers: ' eth, WETH  ETH,weth ' })).tokenTickers).toEqual(['eth', 'WETH']);
    expect(issuesOf(form({ tokenTickers: 'ETH, W/ETH' }))).toEqual({ tokenTickers: [STAFF_MESSAGES.tickerInvalid('W/ETH')] });
  });

  it('stores EVM addresses in checksummed form, and refuses one whose mixed case breaks the checksum', () => {
    const parsed = projectFormSchema.parse(form({ chains: ['Ethereum'], contracts: [{ chain: 'Ethereum', address: WETH.toLowerCase() }] }));
    expect(parsed.contracts).toEqual([{ chain: 'Ethereum', address: toChecksumAddress(WETH) }]);
    const flipped = WETH.replace('C02aaA', 'C02aAA');
    expect(issuesOf(form({ chains: ['Ethereum'], contracts: [{ chain: 'Ethereum', address: flipped }] }))).toEqual({ 'contracts.0.address': [STAFF_MESSAGES.evmAddressInvalid] });
  });

  it('checks addresses on other chains by a looser shape only', () => {
    const solana = 'So11111111111111111111111111111111111111112';
    expect(projectFormSchema.parse(form({ chains: ['Solana'], contracts: [{ chain: 'Solana', address: solana }] })).contracts[0].address).toBe(solana);
    expect(issuesOf(form({ chains: ['Solana'], contracts: [{ chain: 'Solana', address: 'not an address' }] }))).toEqual({ 'contracts.0.address': [STAFF_MESSAGES.contractAddressInvalid] });
  });

  it("wants each contract on one of the project's chains, and each contract once", () => {
    expect(issuesOf(form({ chains: ['Base'], contracts: [{ chain: 'Ethereum', address: WETH }] }))).toEqual({ 'contracts.0.chain': [STAFF_MESSAGES.contractChainNotListed('Ethereum')] });
    const twice = form({ chains: ['Ethereum'], contracts: [{ chain: 'Ethereum', address: WETH }, { chain: 'ethereum', address: WETH.toLowerCase() }] });
    expect(issuesOf(twice)).toEqual({ 'contracts.1.address': [STAFF_MESSAGES.contractDuplicate] });
  });

  it('reports the contract check together with the messages of other fields', () => {
    expect(Object.keys(issuesOf(form({ name: '', chains: ['Base'], contracts: [{ chain: 'Ethereum', address: WETH }] })))).toEqual(['name', 'contracts.0.chain']);
  });

  it('takes only https links, and empty optional text as nothing', () => {
    expect(issuesOf(form({ website: 'http://example.org', socials: [{ network: 'X', url: 'javascript:alert(1)' }] }))).toEqual({
      website: [STAFF_MESSAGES.websiteInvalid],
      'socials.0.url': [STAFF_MESSAGES.socialUrlInvalid],
    });
    expect(projectFormSchema.parse(form({ website: ' ', category: ' ', description: '' }))).toMatchObject({ website: null, category: null, description: null, logo: null });
  });

  it('accepts an uploaded picture or an address as the logo, never a PDF or a script', () => {
    const picture = `${'a'.repeat(64)}.webp`;
    expect(projectFormSchema.parse(form({ logo: picture })).logo).toBe(picture);
    expect(issuesOf(form({ logo: `${'a'.repeat(64)}.pdf` }))).toEqual({ logo: [STAFF_MESSAGES.logoInvalid] });
    expect(issuesOf(form({ logo: 'javascript:alert(1)' }))).toEqual({ logo: [STAFF_MESSAGES.logoInvalid] });
  });

  it('lets every packaged project be saved through the form as it is', () => {
    const refused = buildSeedProjects().filter(
      (project) =>
        !projectCreateSchema.safeParse({
          ...form({ name: project.name, tokenTickers: (project.tokenTickers ?? []).join(', '), logo: project.logo ?? '', category: project.category ?? '', chains: project.chains ?? [] }),
          id: project.id,
        }).success,
    );
    expect(refused.map((project) => project.id)).toEqual([]);
  });
});

describe('slugFromName', () => {
  it('suggests a valid slug from any name', () => {
    expect(slugFromName('Crème Brûlée Swap v2!')).toBe('creme-brulee-swap-v2');
    const long = slugFromName(`${'word '.repeat(40)}end`);
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(PROJECT_SLUG_PATTERN);
  });
});

describe('the project list query', () => {
  it('falls back to no filter on a bad value instead of failing', () => {
    expect(projectListQuerySchema.parse({ q: '  vault ', visibility: 'secret', page: 'x', category: '' })).toEqual({ q: 'vault', category: undefined, chain: undefined, visibility: undefined, page: 1 });
    expect(projectListQuerySchema.parse({ visibility: 'hidden', chain: 'Base', page: '3' })).toMatchObject({ visibility: 'hidden', chain: 'Base', page: 3 });
  });
});
