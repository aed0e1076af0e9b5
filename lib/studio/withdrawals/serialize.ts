import "server-only";
import { z } from "zod";
import type { withdrawals } from "@/lib/studio/db/balances-schema";
import type { chainSends } from "@/lib/studio/db/chain-schema";
import { tokenAmount } from "@/lib/studio/payment-intents/serialize";
import { policyStep } from "@/lib/studio/approvals/schemas";
import { address, amountText, dateTimeText, txHash, unixTime } from "@/lib/studio/core/records";

type WithdrawalRow = typeof withdrawals.$inferSelect;

export const TRANSFER_STATUSES = ["awaiting_approval", "rejected", "submitted", "confirmed", "failed"] as const;

/** Where a withdrawal request stands against its approval policy (null: its policy asked for no approval). */
export const transferApprovalSchema = z.object({
  required: z.number().int().meta({ description: "How many distinct approvals its policy tier needs" }),
  collected: z.number().int().meta({ description: "How many it has" }),
  policy_step: z.string().nullable().meta({ description: "The step the next approval takes, while it awaits approval", example: "1 of 2" }),
});
export type TransferApproval = z.infer<typeof transferApprovalSchema>;

/** The Transfer record of product-decisions §7 (a withdrawal), plus `decimals` (additive). */
export const transferRecordSchema = z.object({
  id: z.string().meta({ example: "wd_1a2b3c4d5e6f7081" }),
  chain_id: z.string().meta({ example: "arb" }),
  contract_address: address("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  symbol: z.string().meta({ example: "USDC" }),
  amount: amountText("50"),
  wallet_address: address(),
  status: z.enum(TRANSFER_STATUSES).meta({
    description:
      "awaiting_approval: a request its approval policy holds until enough people approve (nothing sent or debited yet); " +
      "rejected: an approver refused it (nothing sent); submitted: sent and not yet at its chain's confirmation depth " +
      "(planned, broadcast, or mined in fewer blocks); confirmed: at depth (it never reads submitted again); failed: the chain refused it for good",
  }),
  tx_hash: txHash.nullable().meta({ description: "Null until the withdrawal is sent" }),
  created_at: dateTimeText,
  decimals: z.number().int().meta({ example: 6 }),
  transfer_time: unixTime.meta({ description: "When the transfer was made, Unix seconds (KryptoGO's field)" }),
  creator_uid: z.string().meta({ description: "Who requested it: they cannot approve it (maker-checker)" }),
  approval: transferApprovalSchema.nullable(),
  reject_reason: z.string().nullable(),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;

// The chain send behind a withdrawal says how far it got. Everything short of its confirmation
// depth is submitted (planned, broadcast, mined but shallow, or held for an operator's review), so
// a client never reads confirmed before submitted; confirmed only once buried at depth (the
// sandbox's at broadcast), failed when the chain refused it for good.
const TRANSFER_STATUS: Record<string, "submitted" | "confirmed" | "failed"> = {
  pending: "submitted",
  sent: "submitted",
  needs_review: "submitted",
  confirmed: "confirmed",
  failed: "failed",
};

/** What a withdrawal request's policy asks and how far it got; undefined for a withdrawal sent at once. */
export type ApprovalProgress = { required: number; collected: number };

/** The Transfer record of product-decisions §7, plus `decimals` (additive). */
export function serializeTransfer(
  row: WithdrawalRow,
  sendStatus: (typeof chainSends.$inferSelect)["status"] | null,
  progress?: ApprovalProgress,
): TransferRecord {
  const status = row.reviewStatus === "awaiting_approval" || row.reviewStatus === "rejected" ? row.reviewStatus : (TRANSFER_STATUS[sendStatus ?? ""] ?? "submitted");
  return {
    id: row.id,
    chain_id: row.chainId,
    contract_address: row.tokenAddress,
    symbol: row.symbol,
    amount: tokenAmount(row.amount, row.decimals) as string,
    wallet_address: row.walletAddress,
    status,
    tx_hash: row.txHash,
    created_at: row.createdAt.toISOString(),
    // Extension (additive).
    decimals: row.decimals,
    transfer_time: Math.floor(row.createdAt.getTime() / 1000),
    creator_uid: row.creatorUid,
    approval:
      row.reviewStatus && progress
        ? {
            required: progress.required,
            collected: progress.collected,
            policy_step: row.reviewStatus === "awaiting_approval" ? policyStep(progress.collected + 1, progress.required) : null,
          }
        : null,
    reject_reason: row.rejectReason,
  };
}
