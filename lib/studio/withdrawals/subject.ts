import "server-only";
import type { withdrawals } from "@/lib/studio/db/balances-schema";
import type { ReviewSubject } from "@/lib/studio/approvals/approver-rules";

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A withdrawal as the approval rules read it: its version is its creation (a request is never edited). */
export function withdrawalSubject(row: Pick<WithdrawalRow, "id" | "orgId" | "reviewStatus" | "createdAt" | "amount" | "chainId" | "symbol" | "creatorUid">): ReviewSubject {
  return {
    ownerType: "withdrawal",
    id: row.id,
    orgId: row.orgId,
    status: row.reviewStatus ?? "sent",
    updatedAt: row.createdAt,
    // Both tokens are USD stablecoins: the amount is its USD equivalent.
    amountUsd: row.amount,
    chainId: row.chainId,
    token: row.symbol,
    creatorUid: row.creatorUid,
  };
}
