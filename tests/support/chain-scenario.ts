import { createTestClient, createWalletClient, http, keccak256, parseEther, publicActions, toHex, type Abi, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';

import roleArtifact from '@/tests/fixtures/contracts/ShieldRoleToken.json';
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';

export const tokenAbi = tokenArtifact.abi as Abi;
export const roleTokenAbi = roleArtifact.abi as Abi;
export const MINTER_ROLE = keccak256(toHex('MINTER_ROLE'));
export const PAUSER_ROLE = keccak256(toHex('PAUSER_ROLE'));

/** Anvil's unlocked default accounts, lower-cased as the indexer stores them. */
export const ACCOUNTS = [
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
  '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc',
  '0x976ea74026e726554db657fa54763abd0c3a0aa9',
  '0x14dc79964da2c08b23698b3d3cc7ca32193d9955',
] as const satisfies readonly Address[];
const [owner, alice, bob, carol, dave, newOwner, minter, pauser] = ACCOUNTS;
export const ROLES = { owner, alice, bob, carol, dave, newOwner, minter, pauser };

/** Transfers each holder sends: the exact top callers the indexer must find. */
export const TRANSFERS_BY_SENDER = { [alice]: 10, [bob]: 8, [carol]: 6, [dave]: 4 } as Record<Address, number>;

export function chainClients(url: string) {
  // A generous timeout: the tests share a busy machine.
  const transport = http(url, { timeout: 60_000 });
  // No cached block number (viem keeps one for 4 s by default): a scenario that runs in under 4 s on a fast machine
  // read its head as the block it started from, and the creation-block search then found no code there.
  const wallet = createWalletClient({ chain: foundry, transport, cacheTime: 0 }).extend(publicActions);
  const test = createTestClient({ chain: foundry, mode: 'anvil', transport });
  return { wallet, test };
}

export type ScenarioResult = { token: Address; roleToken: Address; deployBlock: bigint; revertedMint: Hex; headBlock: bigint };

/**
 * What the Skynet tests (integration, e2e, bench) replay on a fresh anvil: an Ownable+Pausable token with mints,
 * 28 transfers from four holders, a pause and unpause, a reverted mint by a stranger, an ownership transfer and a
 * mint by the new owner; and the AccessControl variant with a role granted, used and revoked.
 */
export async function runScenario(url: string): Promise<ScenarioResult> {
  const { wallet } = chainClients(url);
  const send = async (from: Address, address: Address, abi: Abi, functionName: string, args: unknown[], gas?: bigint) => {
    const hash = await wallet.writeContract({ account: from, address, abi, functionName, args, chain: foundry, ...(gas ? { gas } : {}) } as never);
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    return { hash, receipt };
  };
  const deploy = async (abi: Abi, bytecode: Hex, admin: Address) => {
    const hash = await wallet.deployContract({ account: owner, abi, bytecode, args: [admin], chain: foundry });
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    return { address: receipt.contractAddress!.toLowerCase() as Address, block: receipt.blockNumber };
  };

  const token = await deploy(tokenAbi, tokenArtifact.bytecode as Hex, owner);
  for (const holder of [alice, bob, carol, dave]) await send(owner, token.address, tokenAbi, 'mint', [holder, parseEther('1000')]);
  const holders = Object.keys(TRANSFERS_BY_SENDER) as Address[];
  for (const [index, sender] of holders.entries()) {
    for (let n = 0; n < TRANSFERS_BY_SENDER[sender]; n++) {
      const to = holders[(index + 1 + (n % 3)) % holders.length];
      await send(sender, token.address, tokenAbi, 'transfer', [to, parseEther(String(n + 1))]);
    }
  }
  await send(owner, token.address, tokenAbi, 'pause', []);
  await send(owner, token.address, tokenAbi, 'unpause', []);
  // A stranger's mint: sent with a fixed gas limit so it is mined, and reverts.
  const reverted = await send(alice, token.address, tokenAbi, 'mint', [alice, parseEther('1')], 200_000n);
  if (reverted.receipt.status !== 'reverted') throw new Error('the stranger mint was expected to revert');
  await send(owner, token.address, tokenAbi, 'transferOwnership', [newOwner]);
  await send(newOwner, token.address, tokenAbi, 'mint', [newOwner, parseEther('5')]);

  const roleToken = await deploy(roleTokenAbi, roleArtifact.bytecode as Hex, owner);
  await send(owner, roleToken.address, roleTokenAbi, 'grantRole', [MINTER_ROLE, minter]);
  await send(minter, roleToken.address, roleTokenAbi, 'mint', [minter, parseEther('10')]);
  await send(owner, roleToken.address, roleTokenAbi, 'revokeRole', [MINTER_ROLE, minter]);
  await send(owner, roleToken.address, roleTokenAbi, 'grantRole', [PAUSER_ROLE, pauser]);
  await send(pauser, roleToken.address, roleTokenAbi, 'pause', []);

  return { token: token.address, roleToken: roleToken.address, deployBlock: token.block, revertedMint: reverted.hash, headBlock: await wallet.getBlockNumber() };
}

/** More activity after a first index: mined empty blocks and two more transfers. */
export async function runMoreActivity(url: string, token: Address): Promise<void> {
  const { wallet, test } = chainClients(url);
  await test.mine({ blocks: 15 });
  for (const [from, to] of [
    [alice, bob],
    [bob, alice],
  ] as const) {
    const hash = await wallet.writeContract({ account: from, address: token, abi: tokenAbi, functionName: 'transfer', args: [to, 1n], chain: foundry });
    await wallet.waitForTransactionReceipt({ hash });
  }
  await test.mine({ blocks: 3 });
}
