import 'server-only';

import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The solc releases installed (package.json: each its own npm alias of `solc`, pinned). An audit naming another
 * version gets "compiler unavailable": nothing is fetched at run time (solc's loadRemoteVersion is never called).
 */
export const SOLC_PACKAGES: Record<string, string> = {
  '0.8.37': 'solc',
  '0.8.28': 'solc-0.8.28',
};

export type Solc = { compile(input: string, options?: { import(path: string): { contents?: string; error?: string } }): string; version(): string };

const loaded = new Map<string, Solc>();

/** The compiler of that exact version, or null when it is not installed. */
export function loadSolc(version: string): Solc | null {
  const name = SOLC_PACKAGES[version];
  if (!name) return null;
  let solc = loaded.get(version);
  if (!solc) {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    solc = require(name) as Solc;
    // A mis-pinned alias would compare against the wrong compiler: refuse it rather than answer wrongly.
    if (!solc.version().startsWith(`${version}+`)) throw new Error(`The package ${name} holds solc ${solc.version()}, not ${version}.`);
    loaded.set(version, solc);
  }
  return solc;
}
