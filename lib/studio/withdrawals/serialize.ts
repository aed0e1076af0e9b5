import { z } from "zod";
import type { chainSends, withdrawals } from "@/lib/studio/db/schema";
import { tokenAmount } from "@/lib/studio/payment-intents/serialize";
import { address, amountText, dateTimeText, txHash, unixTime } from "@/lib/studio/records";

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The Transfer record of product-decisions §7 (a withdrawal), plus `decimals` (additive). */
export const transferRecordSchema = z.object({
  id: z.string().meta({ example: "wd_1a2b3c4d5e6f7081" }),
  chain_id: z.string().meta({ example: "arb" }),
  contract_address: address("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  symbol: z.string().meta({ example: "USDC" }),
  amount: amountText("50"),
  wallet_address: address(),
  status: z.enum(["submitted", "confirmed", "failed"]),
  tx_hash: txHash.nullable(),
  created_at: dateTimeText,
  decimals: z.number().int().meta({ example: 6 }),
  transfer_time: unixTime.meta({ description: "When the transfer was made, Unix seconds (KryptoGO's field)" }),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;

// The chain send behind a withdrawal says how far it got: recorded (submitted) or broadcast and
// accepted by the chain (confirmed). A send the chain refused for good would be failed.
const TRANSFER_STATUS: Record<string, "submitted" | "confirmed" | "failed"> = { pending: "submitted", sent: "confirmed", failed: "failed" };

/** The Transfer record of product-decisions §7, plus `decimals` (additive). */
export function serializeTransfer(row: WithdrawalRow, sendStatus: (typeof chainSends.$inferSelect)["status"]): TransferRecord {
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
    transfer_time: Math.floor(row.createdAt.getTime() / 1000),
  };
}
