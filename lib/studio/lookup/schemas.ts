import "server-only";
import { z } from "zod";
import { amountText } from "@/lib/studio/core/records";

export const LOOKUP_KINDS = ["invoice", "payout", "payment_intent"] as const;
export const LOOKUP_MATCHES = ["number", "id", "payment_address", "tx_hash"] as const;
/** At most this many records answer one lookup (a deposit address or a tx hash names one or two). */
export const LOOKUP_LIMIT = 10;

export const lookupQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({
      description:
        "An invoice's or payout's number (its `invoice_id` / `payout_id`), a record id (invoice, payout or payment intent), a deposit address, or the hash of a transfer in or out. " +
        "Exact matches only (addresses and 0x hashes in any letter case); use the lists' `search` for partial text",
      example: "INV-2026-0042",
    }),
});
export type LookupQuery = z.infer<typeof lookupQuerySchema>;

export const lookupMatchSchema = z.object({
  kind: z.enum(LOOKUP_KINDS).meta({ description: "The record's kind: a standalone payment intent, or the invoice or payout that owns the matched payment" }),
  id: z.string().meta({ description: "The record's id (for a payment intent, its payment_intent_id)", example: "inv_1a2b3c4d5e6f7081" }),
  label: z.string().meta({ description: "What people call it: the invoice's `invoice_id` or the payout's `payout_id` (their numbers), else the id", example: "INV-2026-0042" }),
  status: z.string().meta({ example: "approved" }),
  amount: amountText("150.5").meta({ description: "The payment's token amount" }),
  token: z.string().meta({ example: "USDC" }),
  chain_id: z.string().meta({ example: "arb" }),
  matched: z.enum(LOOKUP_MATCHES).meta({ description: "What the text matched" }),
});
export type LookupMatch = z.infer<typeof lookupMatchSchema>;
