import 'server-only';

import { boolean, check, date, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The incident database's totals (#21), summed ahead: one row per (year, technique, chain) and per subset of the
 * filter dimensions type, origin, "with returned funds" and project category (GROUP BY … CUBE). `grouping` is
 * GROUPING(type, origin, has_returned, category): a set bit means that dimension is summed over (its column null).
 * Only published alerts of shown projects are in it. Kept by the statement triggers of migration 0016 on
 * security_alerts and projects, in the writing transaction, so no writer can forget it (server/alert-database.ts).
 */
export const alertTotals = pgTable(
  'alert_totals',
  {
    grouping: integer('grouping').notNull(),
    year: integer('year').notNull(),
    technique: text('technique'),
    chain: text('chain'),
    type: text('type'),
    origin: text('origin'),
    hasReturned: boolean('has_returned'),
    category: text('category'),
    /** Alerts listed, retracted ones included; every figure below leaves those out. */
    listed: integer('listed').notNull(),
    counted: integer('counted').notNull(),
    lostSum: numeric('lost_sum'),
    lostKnown: integer('lost_known').notNull(),
    returnedSum: numeric('returned_sum'),
    returnedKnown: integer('returned_known').notNull(),
    pricedFirst: date('priced_first', { mode: 'string' }),
    pricedLast: date('priced_last', { mode: 'string' }),
  },
  (table) => [
    unique('alert_totals_key')
      .on(table.grouping, table.type, table.origin, table.hasReturned, table.category, table.year, table.technique, table.chain)
      .nullsNotDistinct(),
    index('alert_totals_year_idx').on(table.year, table.technique, table.chain),
    check('alert_totals_listed', sql`${table.listed} > 0`),
  ],
);
