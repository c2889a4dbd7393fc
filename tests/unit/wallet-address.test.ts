import { describe, expect, it } from 'vitest';

import { parseEvmAddress, toChecksumAddress } from '@/lib/evm-address';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import { addWalletSchema, walletAddressSchema } from '@/lib/schemas/settings';

// The mixed-case examples published with EIP-55.
const CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/** The same address with the case of its first hex letter flipped: a typo the checksum must catch. */
function flipFirstLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i];
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
}

describe('EVM wallet addresses', () => {
  it.each(CHECKSUMMED)('computes the EIP-55 checksum of %s from any case', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
  });

  it.each(CHECKSUMMED)('accepts %s as written and in all-lower case (no checksum to check)', (address) => {
    expect(parseEvmAddress(address)).toBe(address);
    expect(parseEvmAddress(address.toLowerCase())).toBe(address);
  });

  it.each(CHECKSUMMED)('refuses %s with one letter in the wrong case', (address) => {
    expect(parseEvmAddress(flipFirstLetter(address))).toBeNull();
  });

  it.each([
    ['too short', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['too long', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0'],
    ['without 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00'],
    ['not hex', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['empty', ''],
    ['an ENS name', 'vitalik.eth'],
  ])('refuses an address that is %s', (_label, address) => {
    expect(parseEvmAddress(address)).toBeNull();
  });

  it('the schema trims, checksums, and explains a refusal', () => {
    expect(walletAddressSchema.parse(`  ${CHECKSUMMED[0].toLowerCase()} `)).toBe(CHECKSUMMED[0]);
    const refused = walletAddressSchema.safeParse(flipFirstLetter(CHECKSUMMED[0]));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(SETTINGS_MESSAGES.walletInvalid);
  });

  it('the request body holds only walletAddress, and it must be a string', () => {
    expect(addWalletSchema.safeParse({ walletAddress: CHECKSUMMED[1] }).success).toBe(true);
    expect(addWalletSchema.safeParse({ walletAddress: CHECKSUMMED[1], extra: 1 }).success).toBe(false);
    expect(addWalletSchema.safeParse({ walletAddress: 42 }).success).toBe(false);
    expect(addWalletSchema.safeParse({ walletAddress: `0x${'a'.repeat(5000)}` }).success).toBe(false);
  });
});
