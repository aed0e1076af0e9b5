import type { chainSends, withdrawals } from "@/lib/studio/db/schema";
import { tokenAmount } from "@/lib/studio/payment-intents/serialize";

type WithdrawalRow = typeof withdrawals.$inferSelect;
export type TransferRecord = ReturnType<typeof serializeTransfer>;

// The chain send behind a withdrawal says how far it got: recorded (submitted) or broadcast and
// accepted by the chain (confirmed). A send the chain refused for good would be failed.
const TRANSFER_STATUS: Record<string, "submitted" | "confirmed" | "failed"> = { pending: "submitted", sent: "confirmed", failed: "failed" };

/** The Transfer record of product-decisions §7, plus `decimals` (additive). */
export function serializeTransfer(row: WithdrawalRow, sendStatus: (typeof chainSends.$inferSelect)["status"]) {
  return {
    id: row.id,
    chain_id: row.chainId,
    contract_address: row.tokenAddress,
    symbol: row.symbol,
    amount: tokenAmount(row.amount, row.decimals) as string,
    wallet_address: row.walletAddress,
    status: TRANSFER_STATUS[sendStatus] ?? "submitted",
    tx_hash: row.txHash,
    created_at: row.createdAt.toISOString(),
    // Extension (additive).
    decimals: row.decimals,
  };
}
