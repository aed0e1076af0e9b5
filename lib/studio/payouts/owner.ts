import "server-only";
import { eq } from "drizzle-orm";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { payouts } from "@/lib/studio/db/payouts-schema";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import { creditFromPayment } from "@/lib/studio/balances/ledger";
import { findChain } from "@/lib/studio/chain/registry";
import { planSend } from "@/lib/studio/chain/sends";
import { receivedFacts } from "@/lib/studio/payment-intents/status";
import type { Owner } from "@/lib/studio/workflow/owner";
import { payoutStateMachine, type PayoutAction, type PayoutStatus } from "@/lib/studio/payouts/status";
import { serializePayout, type PayoutIntentRecord } from "@/lib/studio/payouts/serialize";

export const payoutOwner: Owner<typeof payouts, PayoutStatus, PayoutAction, PayoutIntentRecord> = {
  type: "payout",
  label: "Payout intent",
  table: payouts,
  machine: payoutStateMachine,
  serialize: serializePayout,
  /**
   * Funded in full: the net goes out to the target at once (its hash is the aggregation hash),
   * the fee stays with the service, and anything paid beyond the gross is the organization's.
   */
  async onFunded(tx, intent, now) {
    const pi = intent.paymentIntent;
    if (intent.row.status !== "completed") return intent;
    const chain = findChain(pi.chainId);
    if (!chain || !pi.payoutTargetAddress || pi.exactOutAmount === null) {
      throw new Error(`payout ${intent.row.id} completed without a chain, target or net amount`);
    }
    const { receivedUnits, dueUnits } = receivedFacts(pi);
    const netUnits = parseUnits(pi.exactOutAmount, pi.decimals);
    const sent = await planSend(tx, {
      orgId: pi.orgId,
      paymentIntentId: pi.id,
      purpose: "payout",
      chain,
      tokenAddress: pi.tokenAddress,
      to: pi.payoutTargetAddress,
      amount: formatUnits(netUnits, pi.decimals),
      now,
    });
    await creditFromPayment(tx, { paymentIntent: pi, units: receivedUnits - dueUnits, kind: "payout_excess", now });
    const [updated] = await tx
      .update(paymentIntents)
      .set({ aggregationTxHash: sent.txHash, aggregationTxTimestamp: sent.timestamp, finalizedTimestamp: sent.timestamp, updatedAt: now })
      .where(eq(paymentIntents.id, pi.id))
      .returning();
    return { row: intent.row, paymentIntent: updated ?? pi };
  },
};
