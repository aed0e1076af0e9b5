import { pricedText } from "@/lib/console/pricing";
import { PayoutAmountError, payoutSplit } from "@/lib/studio/payouts/amounts";

export type LiveSplit =
  | { ok: true; gross: string; fee: string; net: string }
  | { ok: false; field: PayoutAmountError["field"]; message: string };

/**
 * The payout form's gross / fee / net while the amounts are typed, split exactly as the service
 * will (payoutSplit); undefined while either amount is still empty.
 */
export function liveSplit(
  amount: string | undefined,
  exactOutAmount: string | undefined,
  pricingMode: "fiat" | "crypto" | undefined,
  places: number,
): LiveSplit | undefined {
  if (!amount?.trim() || !exactOutAmount?.trim()) return undefined;
  try {
    const split = payoutSplit(amount.trim(), exactOutAmount.trim(), places);
    const show = (units: bigint) => pricedText(units, pricingMode, places);
    return { ok: true, gross: show(split.grossUnits), fee: show(split.feeUnits), net: show(split.netUnits) };
  } catch (error) {
    if (error instanceof PayoutAmountError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}
