import 'server-only';

import { decodeEventLog, parseAbi, toEventSelector, type Abi, type AbiEvent, type Log } from 'viem';

import { plainArgs } from './abi';

/**
 * The events Skynet reads whatever ABI a user gives: a proxy watched with its implementation's ABI still has its
 * ERC-1967 logs, and a Safe or a timelock holding a contract speaks its own events. A user's ABI is tried first
 * (its names win); these decode what it does not describe.
 */
export const STANDARD_EVENTS = parseAbi([
  // ERC-1967 proxies
  'event Upgraded(address indexed implementation)',
  'event AdminChanged(address previousAdmin, address newAdmin)',
  'event BeaconUpgraded(address indexed beacon)',
  // Ownable, AccessControl, Pausable
  'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
  'event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)',
  'event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)',
  'event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)',
  'event Paused(address account)',
  'event Unpaused(address account)',
  // Safe 1.3/1.4
  'event ChangedThreshold(uint256 threshold)',
  'event AddedOwner(address indexed owner)',
  'event RemovedOwner(address indexed owner)',
  'event EnabledModule(address indexed module)',
  'event DisabledModule(address indexed module)',
  'event ChangedGuard(address indexed guard)',
  // OpenZeppelin TimelockController
  'event CallScheduled(bytes32 indexed id, uint256 indexed index, address target, uint256 value, bytes data, bytes32 predecessor, uint256 delay)',
  'event CallExecuted(bytes32 indexed id, uint256 indexed index, address target, uint256 value, bytes data)',
  'event Cancelled(bytes32 indexed id)',
  'event MinDelayChange(uint256 oldDuration, uint256 newDuration)',
]);

const selectorOf = (name: string) => toEventSelector(STANDARD_EVENTS.find((item) => item.name === name)! as AbiEvent);

/** Topic 0 of the timelock's own events: read from any address, since the timelock itself need not be watched. */
export const TIMELOCK_TOPICS = { scheduled: selectorOf('CallScheduled'), executed: selectorOf('CallExecuted'), cancelled: selectorOf('Cancelled') } as const;

/** Topic 0 of the events that can change who controls a contract: its own, or its holders' (a Safe, a timelock, a ProxyAdmin). */
export const ADMIN_CHANGE_TOPICS: readonly `0x${string}`[] = [
  'Upgraded',
  'AdminChanged',
  'BeaconUpgraded',
  'OwnershipTransferred',
  'RoleGranted',
  'RoleRevoked',
  'ChangedThreshold',
  'AddedOwner',
  'RemovedOwner',
  'EnabledModule',
  'DisabledModule',
  'ChangedGuard',
  'MinDelayChange',
].map(selectorOf);

/** The contract's own events after which its privileged addresses are read again. */
export const PRIVILEGE_EVENT_NAMES = new Set(['OwnershipTransferred', 'RoleGranted', 'RoleRevoked', 'AdminChanged', 'Upgraded', 'BeaconUpgraded']);

export type DecodedLog = { name: string | null; args: Record<string, string> };

function decodeWith(abi: Abi, log: Pick<Log, 'data' | 'topics'>): DecodedLog | null {
  try {
    const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
    const name = decoded.eventName ?? null;
    const item = abi.find((entry) => entry.type === 'event' && entry.name === name);
    return { name, args: item && item.type === 'event' ? plainArgs(decoded.args, item.inputs) : {} };
  } catch {
    return null;
  }
}

/** A log decoded with the contract's ABI, else with the standard events; unnamed when neither describes it. */
export function decodeWatchedLog(abi: Abi, log: Pick<Log, 'data' | 'topics'>): DecodedLog {
  return decodeWith(abi, log) ?? decodeWith(STANDARD_EVENTS, log) ?? { name: null, args: {} };
}

/** A log decoded with the standard events only (a holder's or a timelock's), or null. */
export function decodeStandardLog(log: Pick<Log, 'data' | 'topics'>): DecodedLog | null {
  return decodeWith(STANDARD_EVENTS, log);
}
