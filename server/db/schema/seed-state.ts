import 'server-only';

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the last seed loaded (#18): one row, the fingerprint of the packaged seed and its settings. A start whose
 * fingerprint matches skips the seed (about a second on the embedded database); a new seed or DEMO_DATA change runs it.
 */
export const seedState = pgTable('seed_state', {
  key: text('key').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
