// The organization's balance ledger: one immutable row per movement. Each movement names a
// reference that can happen once (a unique index), so a retried step never counts twice.
import type { Tx } from "@/lib/db/client";
import { ledgerEntries } from "@/lib/studio/db/schema";
import { formatUnits } from "@/lib/studio/money";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";

export type LedgerKind = "invoice_settlement" | "payout_excess";

/** Credits `units` of the payment intent's token to its organization. */
export async function creditFromPayment(
  tx: Tx,
  input: { paymentIntent: PaymentIntentRow; units: bigint; kind: LedgerKind; now: Date },
): Promise<void> {
  const pi = input.paymentIntent;
  if (input.units <= 0n) return;
  await tx
    .insert(ledgerEntries)
    .values({
      orgId: pi.orgId,
      chainId: pi.chainId,
      tokenAddress: pi.tokenAddress,
      symbol: pi.tokenSymbol,
      decimals: pi.decimals,
      amount: formatUnits(input.units, pi.decimals),
      kind: input.kind,
      paymentIntentId: pi.id,
      reference: `${input.kind}:${pi.id}`,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}
