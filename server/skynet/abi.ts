import 'server-only';

import { toFunctionSelector, toFunctionSignature, type Abi, type AbiFunction, type AbiParameter } from 'viem';

/** The ABI's functions that change state, with their selector and signature. */
export function writableFunctions(abi: Abi): { fn: AbiFunction; selector: string; signature: string }[] {
  return abi
    .filter((item): item is AbiFunction => item.type === 'function' && item.stateMutability !== 'view' && item.stateMutability !== 'pure')
    .map((fn) => ({ fn, selector: toFunctionSelector(fn), signature: toFunctionSignature(fn) }));
}

/** Turns decoded values into strings (bigints, lower-case addresses) so they store as JSON. */
export function plainArgs(args: unknown, inputs: readonly AbiParameter[]): Record<string, string> {
  const result: Record<string, string> = {};
  const values = Array.isArray(args) ? args : inputs.map((input) => (args as Record<string, unknown>)?.[input.name ?? '']);
  inputs.forEach((input, index) => {
    const value = values[index];
    const key = input.name || String(index);
    result[key] = typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : typeof value === 'object' ? JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) : String(value);
  });
  return result;
}

/** A harmless value of each ABI type, for calls whose arguments do not matter. */
export function sampleValue(parameter: AbiParameter, probe: `0x${string}`): unknown {
  const type = parameter.type;
  const fixedArray = /^(.*)\[(\d+)\]$/.exec(type);
  if (fixedArray) return Array.from({ length: Number(fixedArray[2]) }, () => sampleValue({ ...parameter, type: fixedArray[1] }, probe));
  if (type.endsWith('[]')) return [];
  if (type === 'address') return probe;
  if (type === 'bool') return false;
  if (type === 'string') return '';
  if (type === 'bytes') return '0x';
  if (/^bytes\d+$/.test(type)) return `0x${'00'.repeat(Number(type.slice(5)))}`;
  if (/^u?int\d*$/.test(type)) return 1n;
  if (type === 'tuple' && 'components' in parameter) return parameter.components.map((component) => sampleValue(component, probe));
  return 0n;
}
