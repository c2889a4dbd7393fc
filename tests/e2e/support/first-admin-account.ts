/**
 * The e2e server's first admin: an account created before the server starts (tests/e2e/support/first-admin.ts) and
 * given its role with `npm run staff -- add`, as an operator does on the embedded database while the server is
 * stopped (playwright.config.ts runs both). The data folder is new on every run, so a fixed address is unique.
 */
export const FIRST_ADMIN = { email: 'first-admin@example.com', password: 'FirstAdmin2025x' } as const;
