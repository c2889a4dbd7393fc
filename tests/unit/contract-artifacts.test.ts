import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A plain ES module shared with `node tests/fixtures/contracts/compile.mjs`.
import { compileTestContracts, CONTRACTS, EVM_VERSION } from '@/tests/fixtures/contracts/compile.mjs';

describe('the committed test contract artifacts', () => {
  it(
    'match a fresh compile with solc (ABI, bytecode, method identifiers, evmVersion)',
    () => {
      const fresh = compileTestContracts() as Record<string, { evmVersion: string }>;
      for (const name of CONTRACTS as string[]) {
        const committed = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/contracts', `${name}.json`), 'utf8'));
        expect(committed, `${name}.json is stale: run node tests/fixtures/contracts/compile.mjs`).toEqual(fresh[name]);
        expect(committed.evmVersion).toBe(EVM_VERSION);
      }
    },
    120_000,
  );
});
