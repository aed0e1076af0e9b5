// A payout's gross / net / fee split (product-decisions §2), exact in base units. Pure, so the
// console's form shows the same fee the service will store.
import { AmountFormatError, formatUnits, parseUnits } from "@/lib/studio/core/money";

export type PayoutSplit = { grossUnits: bigint; netUnits: bigint; feeUnits: bigint };

export class PayoutAmountError extends Error {
  constructor(
    readonly field: "amount" | "exact_out_amount",
    message: string,
  ) {
    super(message);
  }
}

/** `amount` (gross) and `exact_out_amount` (net) at `decimals` places; the fee is what stays. */
export function payoutSplit(amount: string, exactOutAmount: string, decimals: number): PayoutSplit {
  const grossUnits = units("amount", amount, decimals);
  const netUnits = units("exact_out_amount", exactOutAmount, decimals);
  if (grossUnits <= 0n) throw new PayoutAmountError("amount", "must be greater than zero");
  if (netUnits <= 0n) throw new PayoutAmountError("exact_out_amount", "must be greater than zero");
  if (netUnits > grossUnits) {
    throw new PayoutAmountError(
      "exact_out_amount",
      `${formatUnits(netUnits, decimals)} must not exceed amount ${formatUnits(grossUnits, decimals)}`,
    );
  }
  return { grossUnits, netUnits, feeUnits: grossUnits - netUnits };
}

function units(field: PayoutAmountError["field"], text: string, decimals: number): bigint {
  try {
    return parseUnits(text, decimals);
  } catch (error) {
    if (error instanceof AmountFormatError) throw new PayoutAmountError(field, `must be a decimal with at most ${decimals} places`);
    throw error;
  }
}
