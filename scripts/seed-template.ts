// The last step of `npm run build`: a migrated, seeded embedded database beside the standalone server, which a first
// start on a new data folder copies instead of creating and seeding its own (server/db/seed-template.ts). Runs under
// tsx with the react-server condition, as the other server scripts do.
import path from 'node:path';

import { writeSeedTemplate } from '@/server/db/prepare';

const templateDir = path.resolve('.next', 'standalone', '.seed-template');
const started = Date.now();
await writeSeedTemplate(templateDir);
console.log(`seed template: ${path.relative(process.cwd(), templateDir)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
