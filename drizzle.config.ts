import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations from the schema; the app applies them itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
