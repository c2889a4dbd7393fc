// The chain side of the Skynet scale bench (skynet-scale.mjs): anvil nodes with a chain id each, thousands of real
// ShieldToken contracts on them (one deployed, its runtime code and storage cloned to deterministic addresses with
// anvil_setCode / anvil_setStorageAt, plus a few real TransparentUpgradeableProxies), the transfer load sent to
// them block after block, the ownership changes and upgrades, and when each block was first seen. Runs in the
// bench's own process, never in the server's, so the server's CPU figure is its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

import { encodeAbiParameters, encodeDeployData, encodeFunctionData, keccak256, pad, parseAbi, toHex } from 'viem';

/** Anvil's unlocked default accounts (tests/support/chain-scenario.ts ACCOUNTS): [0] deploys and owns, [1] is the other owner. */
export const OWNERS = ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'];
/** How many impersonated accounts send the transfer load, each with nonces counted here (a few a block each). */
const SENDERS = 48;
const ERC1967_ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const TOKEN_ABI = parseAbi(['function transfer(address to, uint256 value) returns (bool)', 'function transferOwnership(address newOwner)', 'function owner() view returns (address)']);
const PROXY_ADMIN_ABI = parseAbi(['function upgradeAndCall(address proxy, address implementation, bytes data) payable']);
const NAME_ABI = parseAbi(['function name() view returns (string)']);
/** anvil refuses request bodies past ~10 MB: runtime code goes out a couple of hundred contracts a request. */
const CODE_BATCH = 200;
const STORAGE_BATCH = 2_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Fees far above anything the base fee reaches. Left to anvil, a transaction got a fee just above the base fee of the
 * moment; a burst of full blocks raised the base fee past it, anvil dropped it, and its sender's later transactions
 * waited for that nonce for ever (thousands queued, blocks mined empty).
 */
const FEES = { maxFeePerGas: toHex(100n * 10n ** 9n), maxPriorityFeePerGas: toHex(10n ** 9n) };
/** The nodes this process started, ended on SIGINT/SIGTERM. */
export const startedNodes = new Set();
const senderAddress = (index) => `0x5e4de7${index.toString(16).padStart(34, '0')}`;
/** The i-th clone of a chain: 0x5ca1e, the chain's tag, the index. */
const cloneAddress = (tag, index) => `0x5ca1e${tag.toString(16).padStart(2, '0')}${index.toString(16).padStart(33, '0')}`;
/** OpenZeppelin 5 ERC20 keeps _balances at slot 0: an account's balance sits at keccak256(account . 0). */
const balanceSlot = (account) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account, 0n]));

function anvilBinary(root) {
  const require = createRequire(path.join(root, 'package.json'));
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const binary = path.join(path.dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)), 'bin', 'anvil');
  if (!fs.existsSync(binary)) throw new Error(`anvil is missing at ${binary}: run npm install (optional dependencies on).`);
  return binary;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A JSON-RPC client of one endpoint: single calls, and batches (answers in request order; an error throws). */
function rpcClient(url) {
  let id = 0;
  const post = async (body) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    return response.json();
  };
  const call = async (method, params = []) => {
    const answer = await post({ jsonrpc: '2.0', id: ++id, method, params });
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  };
  /** Answers every call's result or error, in order. */
  const batch = async (calls) => {
    if (!calls.length) return [];
    const first = id + 1;
    const answers = await post(calls.map(([method, params]) => ({ jsonrpc: '2.0', id: ++id, method, params })));
    if (!Array.isArray(answers)) throw new Error(`a batch of ${calls.length} ${calls[0][0]} was refused whole: ${answers?.error?.message ?? JSON.stringify(answers).slice(0, 200)}`);
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return calls.map((_, index) => byId.get(first + index));
  };
  const batchOrThrow = async (calls) => {
    for (const answer of await batch(calls)) if (!answer || answer.error) throw new Error(`batch call failed: ${answer?.error?.message ?? 'no answer'}`);
  };
  return { call, batch, batchOrThrow };
}

/**
 * Starts anvil with its own chain id, mining a block every `blockTime` seconds (fractions allowed), and waits until
 * it answers. `stop()` ends it. anvil's memory grows with every block by about 900 bytes per account it holds (16 MB
 * a block when each of 10,000 contracts held 52 storage slots, which filled this machine in ten minutes; --prune-history
 * does not stop it), so the contracts hold as few slots as a token needs.
 */
export async function startChain(root, { chainId, blockTime }) {
  const port = await freePort();
  const args = ['--port', String(port), '--host', '127.0.0.1', '--silent', '--chain-id', String(chainId), '--block-time', String(blockTime)];
  const child = spawn(anvilBinary(root), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  startedNodes.add(child);
  let exit = null;
  child.once('exit', (code, signal) => {
    exit = { code, signal };
    startedNodes.delete(child);
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const url = `http://127.0.0.1:${port}`;
  const rpc = rpcClient(url);
  for (const deadline = Date.now() + 30_000; ; ) {
    if (exit) throw new Error(`anvil exited (${exit.code ?? exit.signal}): ${stderr}`);
    try {
      if (Number(await rpc.call('eth_chainId')) === chainId) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`anvil did not answer on ${url}: ${stderr}`);
    await sleep(100);
  }
  return {
    chainId,
    url,
    pid: child.pid,
    ...rpc,
    /** Why the node stopped, when it did (a SIGKILL on a machine short of memory is the kernel's OOM killer). */
    exited: () => (exit ? `anvil of chain ${chainId} exited (${exit.code ?? exit.signal})${exit.signal === 'SIGKILL' ? ', killed: out of memory?' : ''}: ${stderr.trim()}` : null),
    stop: () =>
      new Promise((resolve) => {
        if (exit) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function receiptOf(chain, hash, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const receipt = await chain.call('eth_getTransactionReceipt', [hash]);
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`transaction ${hash} reverted`);
      return receipt;
    }
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** Sends transactions at once (they land in the next block) and answers their receipts. */
async function sendAndWait(chain, transactions) {
  const answers = await chain.batch(transactions.map((tx) => ['eth_sendTransaction', [{ gas: toHex(6_000_000), ...FEES, ...tx }]]));
  const hashes = answers.map((answer) => {
    if (answer.error) throw new Error(`eth_sendTransaction: ${answer.error.message}`);
    return answer.result;
  });
  return Promise.all(hashes.map((hash) => receiptOf(chain, hash)));
}

/**
 * Fills a chain: `contracts` watched-to-be addresses, in watch-list order. All but `proxies` of them are clones of
 * one deployed ShieldToken (its runtime code and non-zero storage: name, symbol, supply, owner), the proxies are
 * real ShieldTransparentProxies over it (their ProxyAdmin owned by OWNERS[0]), placed among the last `last`
 * entries. Answers the list and what the load needs.
 */
export async function prepareChain(chain, { tag, contracts, proxies, last, tokenArtifact, proxyArtifact }) {
  const [deployer] = OWNERS;
  const senders = Array.from({ length: SENDERS }, (_, index) => senderAddress(index));
  await chain.batchOrThrow([
    ...senders.flatMap((sender) => [
      ['anvil_impersonateAccount', [sender]],
      ['anvil_setBalance', [sender, toHex(10n ** 24n)]],
    ]),
  ]);
  const deployToken = { from: deployer, data: encodeDeployData({ abi: tokenArtifact.abi, bytecode: tokenArtifact.bytecode, args: [deployer] }) };
  const [logicA, logicB] = (await sendAndWait(chain, [deployToken, deployToken])).map((receipt) => receipt.contractAddress.toLowerCase());
  const init = encodeFunctionData({ abi: NAME_ABI, functionName: 'name' });
  const proxyReceipts = proxies
    ? await sendAndWait(
        chain,
        Array.from({ length: proxies }, () => ({ from: deployer, data: encodeDeployData({ abi: proxyArtifact.abi, bytecode: proxyArtifact.bytecode, args: [logicA, deployer, init] }) })),
      )
    : [];
  const proxyAddresses = proxyReceipts.map((receipt) => receipt.contractAddress.toLowerCase());
  const proxyAdmins = new Map();
  for (const proxy of proxyAddresses) proxyAdmins.set(proxy, `0x${(await chain.call('eth_getStorageAt', [proxy, ERC1967_ADMIN_SLOT, 'latest'])).slice(-40)}`.toLowerCase());

  // The deployed token's state worth copying: slots 0–15 that hold anything (name, symbol, supply, owner and pause
  // flag), and the deployer's balance.
  const code = await chain.call('eth_getCode', [logicA, 'latest']);
  const words = await chain.batch(Array.from({ length: 16 }, (_, slot) => ['eth_getStorageAt', [logicA, toHex(slot), 'latest']]));
  const copied = words.flatMap((answer, slot) => (BigInt(answer.result) === 0n ? [] : [[pad(toHex(slot)), answer.result]]));
  copied.push([balanceSlot(deployer), pad(toHex(10n ** 24n))]);

  // Watch-list order: the clones, with the proxies spread among the last `last` entries.
  const list = [];
  const cloneCount = contracts - proxies;
  for (let index = 0; index < cloneCount; index++) list.push({ address: cloneAddress(tag, index), kind: 'clone' });
  const lastStart = contracts - last;
  proxyAddresses.forEach((address, index) => list.splice(lastStart + Math.floor(((index + 0.5) * last) / proxies), 0, { address, kind: 'proxy', admin: proxyAdmins.get(address) }));

  const clones = list.filter((entry) => entry.kind === 'clone').map((entry) => entry.address);
  for (let start = 0; start < clones.length; start += CODE_BATCH) await chain.batchOrThrow(clones.slice(start, start + CODE_BATCH).map((address) => ['anvil_setCode', [address, code]]));
  const storage = [];
  for (const entry of list) {
    // A proxy keeps its ERC-1967 slots; the token's own slots (owner, name, balances) are the logic's layout in it.
    for (const [slot, value] of copied) storage.push(['anvil_setStorageAt', [entry.address, slot, value]]);
  }
  for (let start = 0; start < storage.length; start += STORAGE_BATCH) await chain.batchOrThrow(storage.slice(start, start + STORAGE_BATCH));
  // Mined into a block, so the clones exist at a block number (history and creation-block reads look there).
  await chain.call('evm_mine');

  // The clones answer as the deployed token does: same owner, same name.
  const [ownerAnswer] = await chain.batch([['eth_call', [{ to: list[0].address, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'owner' }) }, 'latest']]]);
  if (`0x${ownerAnswer.result?.slice(-40)}` !== deployer) throw new Error(`a clone on chain ${chain.chainId} answers owner() ${ownerAnswer.result ?? ownerAnswer.error?.message}, not the deployer`);
  return { list, senders, logics: [logicA, logicB], head: Number(await chain.call('eth_blockNumber')) };
}

/**
 * Notes when each block of a chain is first seen (eth_blockNumber every `everyMs`, in this process's Date.now()),
 * and tells `onBlock(number)` of each new head.
 */
export function watchHeads(chain, { everyMs = 20, onBlock = () => {} } = {}) {
  const seenAt = new Map();
  let last = null;
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        const head = Number(await chain.call('eth_blockNumber'));
        const now = Date.now();
        if (last === null) last = head;
        for (let block = last + 1; block <= head; block++) seenAt.set(block, now);
        if (head > last) {
          last = head;
          onBlock(head);
        }
      } catch {
        // the node is being stopped
      }
      await sleep(everyMs);
    }
  })();
  return {
    seenAt,
    head: () => last,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/**
 * The transfer load: at each new block, `perBlock` ERC-20 transfers from the impersonated senders to
 * contracts of `targets` (changed with setTargets) picked at random, in one JSON-RPC batch, not waiting for receipts; they land in the next
 * block. Each moves 0 tokens, which OpenZeppelin's ERC20 allows and logs as a Transfer like any other: no balance
 * per sender and contract to set up, so the node's state (copied at every block it keeps) stays small. Nonces are
 * counted here (anvil's own nonce filling refuses a sender's ninth pending transaction as an
 * underpriced replacement); a sender whose transaction is refused reads its pending nonce again.
 */
export function transferLoad(chain, { targets, senders, perBlock }) {
  let paused = true;
  let next = 0;
  let inFlight = 0;
  const nonces = new Map();
  const stale = new Set(senders);
  const counts = { sent: 0, refused: 0, skipped: 0, firstError: null };
  const transfer = (to) => encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to, 0n] });
  async function send() {
    if (stale.size) {
      const resync = [...stale];
      stale.clear();
      const answers = await chain.batch(resync.map((sender) => ['eth_getTransactionCount', [sender, 'pending']]));
      resync.forEach((sender, index) => nonces.set(sender, Number(answers[index].result)));
    }
    const calls = Array.from({ length: perBlock }, () => {
      const from = senders[next++ % senders.length];
      const to = targets[Math.floor(Math.random() * targets.length)];
      const nonce = nonces.get(from);
      nonces.set(from, nonce + 1);
      return { from, call: ['eth_sendTransaction', [{ from, to, data: transfer(senders[next % senders.length]), gas: toHex(90_000), nonce: toHex(nonce), ...FEES }]] };
    });
    const answers = await chain.batch(calls.map((entry) => entry.call));
    answers.forEach((answer, index) => {
      if (answer?.error || !answer) {
        counts.refused++;
        counts.firstError ??= answer?.error?.message ?? 'no answer';
        stale.add(calls[index].from);
      } else counts.sent++;
    });
  }
  return {
    counts,
    pause: () => (paused = true),
    resume: () => (paused = false),
    setTargets: (addresses) => (targets = addresses),
    onBlock() {
      if (paused) return;
      // A node slower than the load: nonces are counted in order, so one batch at a time.
      if (inFlight) {
        counts.skipped++;
        return;
      }
      inFlight++;
      send()
        .catch((error) => {
          counts.firstError ??= error instanceof Error ? error.message : String(error);
          senders.forEach((sender) => stale.add(sender));
        })
        .finally(() => inFlight--);
    },
  };
}

/**
 * The alerting events among the last-watched contracts of a chain, one each call in turn: a clone's ownership
 * passes between OWNERS[0] and OWNERS[1]; a proxy is upgraded between the two logic contracts through its
 * ProxyAdmin. Answers each event's transaction as sent.
 */
export function alertingEvents(chain, { targets, logics }) {
  const ownerOf = new Map(targets.filter((entry) => entry.kind === 'clone').map((entry) => [entry.address, OWNERS[0]]));
  const logicOf = new Map(targets.filter((entry) => entry.kind === 'proxy').map((entry) => [entry.address, logics[0]]));
  let turn = 0;
  const sent = [];
  return {
    sent,
    async next() {
      const target = targets[turn++ % targets.length];
      let tx;
      let kind;
      if (target.kind === 'clone') {
        const from = ownerOf.get(target.address);
        const to = from === OWNERS[0] ? OWNERS[1] : OWNERS[0];
        tx = { from, to: target.address, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transferOwnership', args: [to] }), gas: toHex(200_000) };
        ownerOf.set(target.address, to);
        kind = 'ownership';
      } else {
        const implementation = logicOf.get(target.address) === logics[0] ? logics[1] : logics[0];
        tx = { from: OWNERS[0], to: target.admin, data: encodeFunctionData({ abi: PROXY_ADMIN_ABI, functionName: 'upgradeAndCall', args: [target.address, implementation, '0x'] }), gas: toHex(300_000) };
        logicOf.set(target.address, implementation);
        kind = 'upgrade';
      }
      const hash = await chain.call('eth_sendTransaction', [{ ...tx, ...FEES }]);
      sent.push({ chainId: chain.chainId, kind, address: target.address, hash, sentAt: Date.now() });
    },
  };
}

/** Which block each sent event landed in, and whether it succeeded (receipts read after the run). */
export async function eventOutcomes(chain, events) {
  const answers = await chain.batch(events.map((event) => ['eth_getTransactionReceipt', [event.hash]]));
  return events.map((event, index) => {
    const receipt = answers[index]?.result;
    return { ...event, blockNumber: receipt ? Number(receipt.blockNumber) : null, succeeded: receipt ? receipt.status === '0x1' : false };
  });
}
