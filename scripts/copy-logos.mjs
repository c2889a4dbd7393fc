// Copies the project logos shipped by the cryptocurrency-icons package into public/logos, which the seed refers to:
// the 128-pixel PNGs the seed names (Next's image optimizer scales them to each place), and the SVGs that data
// folders seeded before the PNGs still name.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('cryptocurrency-icons/package.json'));
const sources = [
  { dir: path.join(packageDir, '128', 'color'), extension: '.png' },
  { dir: path.join(packageDir, 'svg', 'color'), extension: '.svg' },
];
const target = path.resolve('public', 'logos');
fs.mkdirSync(target, { recursive: true });
let copied = 0;
for (const { dir, extension } of sources) {
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith(extension)) continue;
    fs.copyFileSync(path.join(dir, file), path.join(target, file));
    copied++;
  }
}
console.log(`copied ${copied} logos to public/logos`);
