import 'server-only';

// The database's tables, one module per area; server code imports them all from here (`@/server/db/schema`), and
// drizzle-kit reads this file to generate migrations (drizzle.config.ts).
export * from './accounts';
export * from './admin-powers';
export * from './alert-totals';
export * from './audit-code';
export * from './catalog';
export * from './requests';
export * from './seed-state';
export * from './skynet';
export * from './staff';
export * from './watchlists';
