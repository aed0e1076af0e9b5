import "server-only";
// What the payment page's QR code says, in the form wallets of each chain family understand.
import type { ChainInfo } from "@/lib/studio/chain/registry";
import { formatUnits } from "@/lib/studio/core/money";

type Request = { chain: ChainInfo; tokenAddress: string; to: string; units: bigint; decimals: number; label?: string };

/**
 * EVM: an EIP-681 token transfer (`ethereum:<token>@<chain id>/transfer?address=<to>&uint256=<base units>`).
 * Solana: a Solana Pay transfer request (`solana:<to>?amount=<decimal>&spl-token=<mint>`).
 * Tron has no wallet URI standard that wallets share: the QR holds the bare address, as Tron
 * wallets scan it, and the page shows the amount beside it.
 */
export function walletUri({ chain, tokenAddress, to, units, decimals, label }: Request): string {
  switch (chain.family) {
    case "evm": {
      const chainPart = chain.evm ? `@${chain.evm.chainId}` : "";
      return `ethereum:${tokenAddress}${chainPart}/transfer?address=${to}&uint256=${units.toString()}`;
    }
    case "sol": {
      const params = new URLSearchParams({ amount: formatUnits(units, decimals), "spl-token": tokenAddress });
      if (label) params.set("label", label);
      return `solana:${to}?${params.toString()}`;
    }
    case "tron":
      return to;
  }
}
