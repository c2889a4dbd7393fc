import { INCIDENT_LINK_KINDS, INCIDENT_TECHNIQUE_IDS } from '@/lib/incidents';
import { lineText } from '@/lib/schemas/text';
import { z } from '@/lib/zod';

/** A UTC day, YYYY-MM-DD, that exists on the calendar, from 2009 (the first chain) to today. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'is not a day on the calendar')
  .refine((value) => value >= '2009-01-03' && Date.parse(`${value}T00:00:00Z`) <= Date.now(), 'must be between 2009-01-03 and today');

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hexadecimal digits')
  .transform((value) => value.toLowerCase());
const usd = z.number('must be a number of US dollars').nonnegative('must not be negative').max(1e13, 'is more than any incident ever lost');
const httpsUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);

/** Who published an incident list, credited wherever its incidents are shown. */
export const incidentSourceSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a short lower-case id'),
    name: lineText(100),
    url: httpsUrl,
    licence: lineText(60),
    commit: z.string().regex(/^[0-9a-f]{7,40}$/).optional(),
    retrievedOn: day.optional(),
  })
  .strict();

/**
 * One incident of the public record as an import file holds it: facts only (dates, names, chains, amounts,
 * addresses, transactions, links), keyed by its source's own id so a re-import updates rather than duplicates.
 */
export const incidentRowSchema = z
  .object({
    sourceId: z.string().trim().min(3).max(300).regex(/^[a-z0-9-]+:\S+$/, 'must be the source id, a colon, then the source’s own id'),
    source: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must name a source of the file'),
    date: day,
    protocol: lineText(120),
    chains: z.array(lineText(40)).min(1, 'needs at least one chain').max(12),
    technique: z.enum(INCIDENT_TECHNIQUE_IDS, `must be one of: ${INCIDENT_TECHNIQUE_IDS.join(', ')}`),
    sourceTechnique: lineText(120).nullable().optional(),
    lossUsd: usd.nullable().optional(),
    lossNative: z.array(z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain decimal amount'), asset: lineText(20) }).strict()).max(12).optional(),
    lossPricedOn: day.nullable().optional(),
    returnedUsd: usd.nullable().optional(),
    attackers: z.array(address).max(50).optional(),
    attackContracts: z.array(address).max(50).optional(),
    victims: z.array(address).max(50).optional(),
    attackTransactions: z.array(z.object({ chain: lineText(40), hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hexadecimal digits').transform((value) => value.toLowerCase()) }).strict()).max(50).optional(),
    links: z.array(z.object({ url: httpsUrl, kind: z.enum(INCIDENT_LINK_KINDS) }).strict()).min(1, 'needs at least one outside source link').max(30),
  })
  .strict()
  .superRefine((row, context) => {
    if (row.lossUsd !== null && row.lossUsd !== undefined && !row.lossPricedOn) context.addIssue({ code: 'custom', path: ['lossPricedOn'], message: 'is required with lossUsd: the day the amount was priced' });
    if (row.lossPricedOn && row.lossPricedOn < row.date) context.addIssue({ code: 'custom', path: ['lossPricedOn'], message: 'must not be before the incident' });
  });
export type IncidentRow = z.output<typeof incidentRowSchema>;

/** The JSON document: its sources, then its incidents (each checked on its own, so one bad row is reported, not the file). */
export const incidentDocumentSchema = z
  .object({
    sources: z.array(incidentSourceSchema).min(1).max(20),
    techniques: z.array(z.unknown()).optional(),
    incidents: z.array(z.unknown()).max(50_000, 'holds more than 50,000 incidents'),
  })
  .strict();

/** The CSV form: one line per incident, lists separated by semicolons, transactions as chain:hash, links as kind:url. */
export const INCIDENT_CSV_COLUMNS = {
  required: ['sourceId', 'sourceName', 'sourceUrl', 'sourceLicence', 'date', 'protocol', 'chains', 'technique', 'links'],
  optional: ['sourceTechnique', 'lossUsd', 'lossPricedOn', 'returnedUsd', 'attackers', 'attackContracts', 'victims', 'attackTransactions'],
} as const;
