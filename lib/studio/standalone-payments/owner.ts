import "server-only";
import { eq } from "drizzle-orm";
import { paymentIntents, standalonePaymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { formatUnits } from "@/lib/studio/core/money";
import { creditFromPayment, debit, paymentBalanceKey } from "@/lib/studio/balances/ledger";
import { findChain, type TokenSymbol } from "@/lib/studio/chain/registry";
import { planSend } from "@/lib/studio/chain/sends";
import { requireOnChainFunds } from "@/lib/studio/chain/evm/funds";
import { treasuryAddress } from "@/lib/studio/payment-intents/deposit-address";
import { receivedFacts } from "@/lib/studio/payment-intents/status";
import type { Owner } from "@/lib/studio/workflow/owner";
import { standaloneStateMachine, type StandaloneAction, type StandaloneStatus } from "@/lib/studio/standalone-payments/status";
import { serializeStandalonePayment, type StandalonePaymentRecord } from "@/lib/studio/standalone-payments/serialize";

export const standaloneOwner: Owner<typeof standalonePaymentIntents, StandaloneStatus, StandaloneAction, StandalonePaymentRecord> = {
  type: "payment_intent",
  label: "Payment intent",
  table: standalonePaymentIntents,
  machine: standaloneStateMachine,
  serialize: serializeStandalonePayment,
  /**
   * Paid in full on time: everything received (an overpayment included) settles at once into the
   * organization's treasury and its balance; no one signs a standalone payment off.
   */
  async onFunded(tx, intent, now) {
    const pi = intent.paymentIntent;
    if (intent.row.status !== "success") return intent;
    const chain = findChain(pi.chainId);
    if (!chain) throw new Error(`payment intent ${pi.id} is on unknown chain ${pi.chainId}`);
    const { receivedUnits } = receivedFacts(pi);
    const settlement = await planSend(tx, {
      orgId: pi.orgId,
      paymentIntentId: pi.id,
      purpose: "settlement",
      chain,
      tokenAddress: pi.tokenAddress,
      to: await treasuryAddress(tx, pi.orgId, pi.chainId),
      amount: formatUnits(receivedUnits, pi.decimals),
      now,
    });
    await creditFromPayment(tx, { paymentIntent: pi, units: receivedUnits, kind: "payment_settlement", now });
    const [updated] = await tx
      .update(paymentIntents)
      .set({
        aggregationTxHash: settlement.txHash,
        aggregationTxTimestamp: settlement.timestamp,
        finalizedTimestamp: settlement.timestamp,
        updatedAt: now,
      })
      .where(eq(paymentIntents.id, pi.id))
      .returning();
    return { row: intent.row, paymentIntent: updated ?? pi };
  },
  /**
   * A settled payment's refund comes out of the balance it credited, and out of the treasury its
   * funds were swept into (its deposit address holds nothing any more): refused (422) when
   * withdrawals have left less than that, so the ledger never pays back money it no longer holds,
   * and on an RPC chain while the treasury does not hold it yet (the sweep still on its way).
   */
  async onRefund(tx, intent, now) {
    const pi = intent.paymentIntent;
    if (intent.row.status !== "success") return "deposit_address";
    const units = receivedFacts(pi).receivedUnits;
    const chain = findChain(pi.chainId);
    if (!chain) throw new Error(`payment intent ${pi.id} is on unknown chain ${pi.chainId}`);
    const token = { symbol: pi.tokenSymbol as TokenSymbol, address: pi.tokenAddress, decimals: pi.decimals };
    await requireOnChainFunds({ chain, orgId: pi.orgId, token, units, purpose: "refund", tx });
    await debit(tx, {
      key: paymentBalanceKey(pi),
      units,
      kind: "payment_refund",
      reference: `payment_refund:${pi.id}`,
      paymentIntentId: pi.id,
      field: "balance",
      now,
    });
    return "treasury";
  },
};
