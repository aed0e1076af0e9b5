import "server-only";
import { StudioError } from "@/lib/studio/core/errors";
import { findChain } from "@/lib/studio/chain/registry";
import { isValidAddress } from "@/lib/studio/chain/addresses";

const FORMAT: Record<string, string> = {
  evm: "0x followed by 40 hex digits (EIP-55 checksum when mixed case)",
  tron: "a base58check Tron address starting with T",
  sol: "a base58 Solana public key (32 bytes)",
};

/** 422 when `address` cannot receive funds on `chainId` (product-decisions §4: address invalid for chain). */
export function requireAddressFor(chainId: string, field: string, address: string): string {
  const chain = findChain(chainId);
  if (!chain) throw new Error(`unknown chain ${chainId}`);
  if (!isValidAddress(chain.family, address)) {
    const message = `is not a valid ${chain.name} address; expected ${FORMAT[chain.family]}`;
    throw new StudioError("business_rule", `${field} ${address} ${message}`, [{ field, message }]);
  }
  return address;
}
