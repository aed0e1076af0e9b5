import { parseUnits } from "@/lib/studio/money";
import type { PaymentFacts } from "@/lib/studio/invoices/status";
import type { PaymentIntentRow } from "@/lib/studio/invoices/queries";

/** What the payment intent holds against what it asks for, in token base units. */
export function receivedFacts(pi: PaymentIntentRow): PaymentFacts {
  return {
    receivedUnits: pi.receivedCryptoAmount === null ? 0n : parseUnits(pi.receivedCryptoAmount, pi.decimals),
    dueUnits: parseUnits(pi.cryptoAmount, pi.decimals),
  };
}
