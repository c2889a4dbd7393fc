import { ContractFunctionRevertedError, type PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';

import { classifyHolder, followHolder, MAX_SAFE_MODULES } from '@/server/skynet/holders';

/*
 * What a Safe's module list reads as on the versions the chain answers in different ways (tests/integration/
 * admin-powers.test.ts reads a real Safe 1.4.1 on anvil): an older Safe without getModulesPaginated(), Safe 1.3's
 * pages (their `next` is the first module not returned) and a list longer than Skynet lists.
 */
const SAFE = '0x5afe000000000000000000000000000000000001';
const SENTINEL = '0x0000000000000000000000000000000000000001';
const OWNERS = ['0xa000000000000000000000000000000000000000', '0xb000000000000000000000000000000000000000', '0xc000000000000000000000000000000000000000'] as const;
const moduleAt = (index: number) => `0x${(index + 1).toString(16).padStart(40, 'd')}` as `0x${string}`;

type Pages = ((start: string, size: number) => readonly [`0x${string}`[], `0x${string}`]) | 'reverts';

const reverted = (functionName: string) => new ContractFunctionRevertedError({ abi: [], functionName, message: 'execution reverted' });

/** A 2-of-3 Safe answering only what a Safe answers; every other view reverts. */
function safeClient(pages: Pages, guardWord = `0x${'0'.repeat(64)}`): PublicClient {
  return {
    getCode: async () => '0x6080',
    getStorageAt: async () => guardWord,
    readContract: async ({ functionName, args }: { functionName: string; args?: readonly unknown[] }) => {
      if (functionName === 'getOwners') return [...OWNERS];
      if (functionName === 'getThreshold') return 2n;
      if (functionName === 'getModulesPaginated' && pages !== 'reverts') return pages(args![0] as string, Number(args![1]));
      throw reverted(functionName);
    },
  } as unknown as PublicClient;
}

/** Safe 1.3's paging: a page starts after `start`, and `next` is the first module it did not return. */
function safe13Pages(modules: `0x${string}`[]): Pages {
  return (start, size) => {
    const from = start === SENTINEL ? 0 : modules.indexOf(start as `0x${string}`) + 1;
    const page = modules.slice(from, from + size);
    return [page, modules[from + size] ?? SENTINEL] as const;
  };
}

/** Safe 1.4's paging: `next` is the page's last module while more follow. */
function safe14Pages(modules: `0x${string}`[]): Pages {
  return (start, size) => {
    const from = start === SENTINEL ? 0 : modules.indexOf(start as `0x${string}`) + 1;
    const page = modules.slice(from, from + size);
    return [page, from + size < modules.length ? page.at(-1)! : SENTINEL] as const;
  };
}

describe("a Safe's modules and guard", () => {
  it('reads a Safe without getModulesPaginated() as modules unknown, says so, and never rates it as having none', async () => {
    const { holder, evidence } = await classifyHolder(safeClient('reverts'), SAFE);
    expect(holder).toEqual({ kind: 'safe', owners: [...OWNERS], threshold: 2, modules: null, guard: null });
    expect(evidence).toContain('modules unknown');
    expect((await followHolder(safeClient('reverts'), SAFE)).controller).toEqual({ kind: 'safe', threshold: 2, owners: 3, modules: null });
  });

  it('lists every module across pages, whether the Safe pages like 1.3 or like 1.4', async () => {
    const modules = Array.from({ length: 23 }, (_, index) => moduleAt(index));
    for (const pages of [safe13Pages(modules), safe14Pages(modules)]) {
      const { holder } = await classifyHolder(safeClient(pages), SAFE);
      expect(holder).toMatchObject({ kind: 'safe', modules });
    }
  });

  it(`cuts a longer list at ${MAX_SAFE_MODULES} modules and says more are enabled`, async () => {
    for (const length of [MAX_SAFE_MODULES + 1, MAX_SAFE_MODULES + 7]) {
      const modules = Array.from({ length }, (_, index) => moduleAt(index));
      for (const pages of [safe13Pages(modules), safe14Pages(modules)]) {
        const { holder, evidence } = await classifyHolder(safeClient(pages), SAFE);
        expect(holder).toMatchObject({ kind: 'safe', modules: modules.slice(0, MAX_SAFE_MODULES) });
        expect(evidence).toContain(`the list stops after these ${MAX_SAFE_MODULES}: more are enabled`);
      }
    }
    const exactly = Array.from({ length: MAX_SAFE_MODULES }, (_, index) => moduleAt(index));
    expect((await classifyHolder(safeClient(safe14Pages(exactly)), SAFE)).evidence).not.toContain('more are enabled');
  });

  it('reads the guard from its storage slot, zero as none', async () => {
    const guard = '0x9a4d000000000000000000000000000000000009';
    const { holder } = await classifyHolder(safeClient(safe14Pages([]), `0x${guard.slice(2).padStart(64, '0')}`), SAFE);
    expect(holder).toMatchObject({ kind: 'safe', modules: [], guard });
  });
});
