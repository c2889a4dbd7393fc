/**
 * The incident record's vocabulary (issue #45): one fixed taxonomy of how an incident happened, the alert type each
 * technique is filed under, and what an imported incident carries beyond an alert's own fields.
 */
import type { STAFF_ALERT_TYPES } from './alerts';

export const INCIDENT_TECHNIQUES = [
  { id: 'access-control', label: 'Access control', definition: 'A function that should have been restricted could be called by anyone, or by the wrong role.' },
  { id: 'price-oracle-manipulation', label: 'Price-oracle manipulation', definition: 'A price the protocol trusted was moved by the attacker, usually a spot price from a thin pool.' },
  { id: 'reentrancy', label: 'Reentrancy', definition: 'An external call let the attacker re-enter the contract before its state was brought up to date.' },
  { id: 'flash-loan-logic', label: 'Flash-loan logic', definition: 'Business logic abused with capital borrowed and repaid within one transaction.' },
  { id: 'business-logic', label: 'Business logic', definition: 'The contract did what its code says, but the rules themselves let value be taken (rewards, fees, accounting).' },
  { id: 'bridge-validator-compromise', label: 'Bridge validator compromise', definition: "A bridge's signers, validators or message verification were taken over or bypassed." },
  { id: 'private-key-compromise', label: 'Private-key compromise', definition: 'A key holding funds or privileges was stolen or leaked.' },
  { id: 'rug-pull', label: 'Rug pull', definition: "The project's own team or deployer took the users' funds." },
  { id: 'phishing-front-end', label: 'Phishing or front-end', definition: 'Users were led to sign for the attacker: a fake or hijacked site, a poisoned address, a malicious approval.' },
  { id: 'governance', label: 'Governance', definition: 'Voting power was borrowed or bought to pass a proposal that moved the funds.' },
  { id: 'arithmetic', label: 'Arithmetic', definition: 'Rounding, precision loss or overflow let the attacker take more than their share.' },
  { id: 'input-validation', label: 'Input validation', definition: 'Arguments or call data the contract should have refused were accepted.' },
  { id: 'other', label: 'Other', definition: 'None of the above, or not known.' },
] as const;

export type IncidentTechniqueId = (typeof INCIDENT_TECHNIQUES)[number]['id'];
export const INCIDENT_TECHNIQUE_IDS = INCIDENT_TECHNIQUES.map((technique) => technique.id) as [IncidentTechniqueId, ...IncidentTechniqueId[]];
export const techniqueLabel = (id: IncidentTechniqueId) => INCIDENT_TECHNIQUES.find((technique) => technique.id === id)!.label;

/** The alert type an incident is filed under, from its technique (the types predate the taxonomy). */
export const ALERT_TYPE_OF_TECHNIQUE: Record<IncidentTechniqueId, (typeof STAFF_ALERT_TYPES)[number]> = {
  'access-control': 'exploit',
  'price-oracle-manipulation': 'oracle-manipulation',
  reentrancy: 'exploit',
  'flash-loan-logic': 'flash-loan',
  'business-logic': 'exploit',
  'bridge-validator-compromise': 'bridge-hack',
  'private-key-compromise': 'private-key-leak',
  'rug-pull': 'rug-pull',
  'phishing-front-end': 'phishing',
  governance: 'governance-attack',
  arithmetic: 'exploit',
  'input-validation': 'exploit',
  other: 'exploit',
};

export const INCIDENT_LINK_KINDS = ['reproduction', 'analysis', 'explorer', 'post-mortem'] as const;
export type IncidentLinkKind = (typeof INCIDENT_LINK_KINDS)[number];

/** Where an imported incident comes from, credited wherever it is shown. */
export type IncidentSourceCredit = { id: string; name: string; url: string; licence: string };

/** What an imported incident carries beyond an alert's own fields (stored with the alert). */
export type IncidentFacts = {
  sourceId: string;
  source: IncidentSourceCredit;
  protocol: string;
  chains: string[];
  sourceTechnique: string | null;
  lossNative: { amount: string; asset: string }[];
  attackers: string[];
  attackContracts: string[];
  victims: string[];
  attackTransactions: { chain: string; hash: string }[];
  links: { url: string; kind: IncidentLinkKind }[];
};

/** Block explorers of the chains incidents name, for their addresses and transactions (others are shown unlinked). */
const CHAIN_EXPLORERS: Record<string, string> = {
  Ethereum: 'https://etherscan.io',
  'BNB Chain': 'https://bscscan.com',
  Polygon: 'https://polygonscan.com',
  Arbitrum: 'https://arbiscan.io',
  Optimism: 'https://optimistic.etherscan.io',
  Base: 'https://basescan.org',
  Avalanche: 'https://snowtrace.io',
  Fantom: 'https://ftmscan.com',
  Gnosis: 'https://gnosisscan.io',
  Blast: 'https://blastscan.io',
  Linea: 'https://lineascan.build',
  'zkSync Era': 'https://era.zksync.network',
  Scroll: 'https://scrollscan.com',
  Mantle: 'https://mantlescan.xyz',
  Moonbeam: 'https://moonscan.io',
  Cronos: 'https://cronoscan.com',
  Celo: 'https://celoscan.io',
  Sonic: 'https://sonicscan.org',
};

/** The explorer page of a transaction or an address on a chain, or null when we know no explorer for it. */
export function incidentExplorerHref(chain: string, kind: 'tx' | 'address', value: string): string | null {
  const base = CHAIN_EXPLORERS[chain];
  return base ? `${base}/${kind}/${value}` : null;
}

/** How the incident page and the API name each kind of outside link. */
export const INCIDENT_LINK_LABELS: Record<IncidentLinkKind, string> = {
  reproduction: 'Public reproduction',
  analysis: 'Analysis',
  explorer: 'Explorer',
  'post-mortem': 'Post-mortem',
};

export const INCIDENT_TEXTS = {
  title: 'From the public record',
  intro: 'Facts of this incident as its source records them: who attacked, what was hit, and the transactions.',
  protocol: 'Protocol',
  chains: 'Chains',
  lossInTokens: 'Lost, in tokens',
  attackers: 'Attacker addresses',
  attackContracts: 'Attack contracts',
  victims: 'Victim contracts',
  attackTransactions: 'Attack transactions',
  sourceTechnique: 'Root cause, as the source names it',
  credit: (name: string, licence: string) => `Recorded from ${name}, published under ${licence}.`,
  none: 'Not recorded',
} as const;
