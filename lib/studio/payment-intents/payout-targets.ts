import "server-only";
// Where settled funds may be sent, checked the same way for invoices, payouts and standalone
// payment intents: each target must be an address of its own chain family (422 otherwise).
import type { ChainInfo } from "@/lib/studio/chain/registry";
import { isValidAddress } from "@/lib/studio/chain/address-format";
import { requireAddressFor } from "@/lib/studio/chain/require-address";

// A chain of each address family, to check an address that is not for the payment chain itself.
const FAMILY_CHAIN = { evm: "eth", sol: "sol", tron: "tron" } as const;

export type PayoutTargets = {
  payout_target_address?: string | null;
  payout_target_sol_address?: string | null;
  payout_target_tron_address?: string | null;
  payout_addresses?: Partial<Record<string, string>> | null;
};

/**
 * Refuses (422, naming the field) a payout target that is not an address of its chain family.
 * The single `payout_target_address` is for the payment chain `chainId`, as on payouts; the
 * `_sol`/`_tron` fields and `payout_addresses` name their family themselves.
 */
export function checkPayoutTargets(chainId: string, targets: PayoutTargets): void {
  if (targets.payout_target_address) requireAddressFor(chainId, "payout_target_address", targets.payout_target_address);
  if (targets.payout_target_sol_address) requireAddressFor(FAMILY_CHAIN.sol, "payout_target_sol_address", targets.payout_target_sol_address);
  if (targets.payout_target_tron_address) requireAddressFor(FAMILY_CHAIN.tron, "payout_target_tron_address", targets.payout_target_tron_address);
  for (const [key, address] of Object.entries(targets.payout_addresses ?? {})) {
    if (address) requireAddressFor(FAMILY_CHAIN[key as keyof typeof FAMILY_CHAIN], `payout_addresses.${key}`, address);
  }
}

/** The stored targets of a payment intent, in the request's field names. */
export function storedPayoutTargets(pi: {
  payoutTargetAddress: string | null;
  payoutTargetSolAddress: string | null;
  payoutTargetTronAddress: string | null;
  payoutAddresses: Partial<Record<string, string>>;
}): PayoutTargets {
  return {
    payout_target_address: pi.payoutTargetAddress,
    payout_target_sol_address: pi.payoutTargetSolAddress,
    payout_target_tron_address: pi.payoutTargetTronAddress,
    payout_addresses: pi.payoutAddresses,
  };
}

/**
 * Where a settlement on `chain` goes: the family's own field (Solana, Tron), else the family's
 * entry in `payout_addresses`, else the single `payout_target_address`; only ever an address of
 * the chain's own family, so a Solana or Tron settlement never goes to an EVM address (rows
 * written before targets were checked may hold one). Null: the organization's treasury.
 */
export function settlementTarget(
  pi: Parameters<typeof storedPayoutTargets>[0],
  chain: Pick<ChainInfo, "family">,
): string | null {
  const ordered =
    chain.family === "evm"
      ? [pi.payoutTargetAddress, pi.payoutAddresses.evm]
      : [chain.family === "sol" ? pi.payoutTargetSolAddress : pi.payoutTargetTronAddress, pi.payoutAddresses[chain.family], pi.payoutTargetAddress];
  return ordered.find((address): address is string => typeof address === "string" && isValidAddress(chain.family, address)) ?? null;
}
