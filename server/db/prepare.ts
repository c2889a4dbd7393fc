import 'server-only';

import { getDatabaseHandle } from './client';
import { seedDemoData } from './seed';

let prepared: Promise<void> | null = null;

/** Applies pending migrations and loads the demo data; run once at server start, strictly before serving. */
export function prepareDatabase(): Promise<void> {
  prepared ??= (async () => {
    const handle = await getDatabaseHandle();
    await handle.migrate();
    await seedDemoData(handle.db);
  })();
  return prepared;
}
