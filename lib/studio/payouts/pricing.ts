import "server-only";
import type { TokenInfo } from "@/lib/studio/chain/registry";
import { fieldError } from "@/lib/studio/core/errors";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import { amountDecimals, paymentAmounts, type PaymentAmounts, type PricingMode } from "@/lib/studio/payment-intents/pricing";
import type { FiatCurrency } from "@/lib/studio/core/rates";
import { PayoutAmountError, payoutSplit } from "@/lib/studio/payouts/amounts";

/**
 * A payout's amounts: gross and net in the request's unit (fiat cents or token units) for the
 * payout row, and in token units for its payment intent. The fee in tokens is what the gross
 * deposit keeps after the net leaves, each converted (rounded up) on its own.
 */
export function payoutAmounts(input: {
  mode: PricingMode;
  currency: FiatCurrency | null;
  token: TokenInfo;
  amount: string;
  exactOutAmount: string;
}) {
  const decimals = amountDecimals(input.mode, input.token);
  let split;
  try {
    split = payoutSplit(input.amount, input.exactOutAmount, decimals);
  } catch (error) {
    if (error instanceof PayoutAmountError) throw fieldError(error.field, error.message);
    throw error;
  }
  const inTokens = (units: bigint): PaymentAmounts =>
    paymentAmounts({ mode: input.mode, amountUnits: units, currency: input.currency ?? "USD", token: input.token, useFixedStablecoinRate: true });
  const payment = inTokens(split.grossUnits);
  const netTokenUnits = parseUnits(inTokens(split.netUnits).cryptoAmount, input.token.decimals);
  const grossTokenUnits = parseUnits(payment.cryptoAmount, input.token.decimals);
  return {
    payment,
    paymentSplit: {
      exactOutAmount: formatUnits(netTokenUnits, input.token.decimals),
      kgFeeAmount: formatUnits(grossTokenUnits - netTokenUnits, input.token.decimals),
    },
    ownerAmounts: { amount: formatUnits(split.grossUnits, decimals), exactOutAmount: formatUnits(split.netUnits, decimals) },
  };
}
