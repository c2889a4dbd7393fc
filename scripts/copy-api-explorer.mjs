// Copies Swagger UI's prebuilt bundle (swagger-ui-dist) into public/vendor/swagger-ui, so /developers loads its
// interactive reference from our own origin, offline and on that page only (components/developers/api-explorer.tsx).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const source = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const target = path.resolve('public', 'vendor', 'swagger-ui');
fs.mkdirSync(target, { recursive: true });
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE']) fs.copyFileSync(path.join(source, file), path.join(target, file));
console.log('copied Swagger UI to public/vendor/swagger-ui');
