// Whether an address is well formed for its chain family: EVM (EIP-55), Tron (base58check, 0x41
// prefix), Solana (base58, 32 bytes). Pure and free of Node built-ins, so the console checks an
// address in the browser by the same rule the API applies.
import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base58, createBase58check, hex } from "@scure/base";
import type { AddressFamily } from "@/lib/studio/chain/registry";

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

/** 0x + 40 hex digits with the EIP-55 mixed-case checksum. */
export function toChecksumAddress(addressBytes: Uint8Array): string {
  const lower = hex.encode(addressBytes);
  const hash = hex.encode(keccak_256(new TextEncoder().encode(lower)));
  let result = "0x";
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i] as string;
    result += parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

export function tronAddressFromAccountId(accountId: Uint8Array): string {
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(accountId, 1);
  return base58check.encode(bytes);
}

export function isValidAddress(family: AddressFamily, address: string): boolean {
  switch (family) {
    case "evm":
      return isValidEvmAddress(address);
    case "tron":
      return isValidTronAddress(address);
    case "sol":
      return isValidSolanaAddress(address);
  }
}

/** All-lowercase or all-uppercase hex carries no checksum; mixed case must match EIP-55. */
export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(hex.decode(body.toLowerCase())) === address;
}

export function isValidTronAddress(address: string): boolean {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

export function isValidSolanaAddress(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}
