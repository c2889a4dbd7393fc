import { encodeFunctionData, parseEther, type Abi, type Address, type Hex, type TransactionReceipt } from 'viem';
import { foundry } from 'viem/chains';

import proxyArtifact from '@/tests/fixtures/contracts/ShieldProxy.json';
import roleArtifact from '@/tests/fixtures/contracts/ShieldRoleToken.json';
import vaultArtifact from '@/tests/fixtures/contracts/ShieldVaultToken.json';

import { chainClients, ROLES } from './chain-scenario';

export const vaultAbi = vaultArtifact.abi as Abi;
export const roleTokenAbi = roleArtifact.abi as Abi;

/** The vault's supply at the start: the owner's million and the contract's own treasury of 100,000. */
export const OWNER_SUPPLY = parseEther('1000000');
export const TREASURY = parseEther('100000');

export type Sent = { hash: Hex; receipt: TransactionReceipt };

/**
 * The chain side of the detector tests: ShieldVaultToken behind ShieldProxy (ERC-1967, UUPS, OpenZeppelin 5.7.0),
 * a second implementation to upgrade to, and the AccessControl token; plus a `send` that waits for the receipt.
 */
export async function deployDetectorContracts(url: string) {
  const { wallet, test } = chainClients(url);
  const deploy = async (abi: Abi, bytecode: Hex, args: unknown[]) => {
    const hash = await wallet.deployContract({ account: ROLES.owner, abi, bytecode, args, chain: foundry } as never);
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    return receipt.contractAddress!.toLowerCase() as Address;
  };
  const implementation = await deploy(vaultAbi, vaultArtifact.bytecode as Hex, []);
  const nextImplementation = await deploy(vaultAbi, vaultArtifact.bytecode as Hex, []);
  const initialize = encodeFunctionData({ abi: vaultAbi, functionName: 'initialize', args: [ROLES.owner, OWNER_SUPPLY, TREASURY] });
  const vault = await deploy(proxyArtifact.abi as Abi, proxyArtifact.bytecode as Hex, [implementation, initialize]);
  const roleToken = await deploy(roleTokenAbi, roleArtifact.bytecode as Hex, [ROLES.owner]);

  /** Sends a call and waits for it to be mined; `gas` set lets a call that reverts be mined anyway. */
  const send = async (from: Address, address: Address, abi: Abi, functionName: string, args: unknown[] = [], gas?: bigint): Promise<Sent> => {
    const hash = await wallet.writeContract({ account: from, address, abi, functionName, args, chain: foundry, ...(gas ? { gas } : {}) } as never);
    return { hash, receipt: await wallet.waitForTransactionReceipt({ hash }) };
  };
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  return { wallet, test, vault, roleToken, implementation, nextImplementation, send, rpc };
}

/**
 * Mines empty blocks until the chain's own clock is past `since` (anvil's block times can lag the wall clock by up
 * to a second): every block mined from then on is dated after it.
 */
export async function chainTimePast(url: string, since: Date): Promise<void> {
  const { wallet, test } = chainClients(url);
  for (let tries = 0; tries < 100; tries++) {
    await test.mine({ blocks: 1 });
    const block = await wallet.getBlock({ blockTag: 'latest' });
    if (Number(block.timestamp) * 1000 > since.getTime()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the chain's clock did not pass ${since.toISOString()}`);
}
