// Copies the project logos shipped by the cryptocurrency-icons package into public/logos, which the seed refers to.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const source = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg', 'color');
const target = path.resolve('public', 'logos');
fs.mkdirSync(target, { recursive: true });
let copied = 0;
for (const file of fs.readdirSync(source)) {
  if (!file.endsWith('.svg')) continue;
  fs.copyFileSync(path.join(source, file), path.join(target, file));
  copied++;
}
console.log(`copied ${copied} logos to public/logos`);
