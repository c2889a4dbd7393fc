// The standalone server does not carry static files or public/: copy them beside it, as Next's docs ask.
import fs from 'node:fs';
import path from 'node:path';

const standalone = path.resolve('.next', 'standalone');
if (!fs.existsSync(standalone)) {
  console.error('postbuild: .next/standalone is missing; was output: "standalone" removed?');
  process.exit(1);
}
fs.cpSync(path.resolve('.next', 'static'), path.join(standalone, '.next', 'static'), { recursive: true });
fs.cpSync(path.resolve('public'), path.join(standalone, 'public'), { recursive: true });
// A data folder must never ship inside the build.
fs.rmSync(path.join(standalone, 'data'), { recursive: true, force: true });
console.log('postbuild: copied .next/static and public/ into .next/standalone');
