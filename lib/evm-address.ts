import { keccak_256 } from '@noble/hashes/sha3.js';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 mixed-case form of a 20-byte hex address (0x + 40 hex digits, any case). */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    // Each hex letter is upper case when the matching nibble of the hash is 8 or more.
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i].toUpperCase() : hex[i];
  }
  return out;
}

/**
 * The checksummed form of an EVM address, or null when it is not one. All-lower or all-upper hex carries no
 * checksum and is accepted (EIP-55); mixed case must match the checksum exactly, which catches most typos.
 */
export function parseEvmAddress(input: string): string | null {
  if (!HEX_ADDRESS.test(input)) return null;
  const digits = input.slice(2);
  const checksummed = toChecksumAddress(input);
  const unchecked = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!unchecked && checksummed !== input) return null;
  return checksummed;
}
