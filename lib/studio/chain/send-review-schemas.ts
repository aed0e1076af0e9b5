// What a person answers about a send held for review (POST /chain_sends/{id}/resolve): it was
// sent (by the transaction they name, which the Studio checks on chain) or it failed (its debit
// is credited back). No database imports: the console's resolve dialog is built on this schema.
import { z } from "zod";

const note = z.string().trim().max(500).optional().meta({ description: "Why, for the audit log", example: "checked with the node operator" });

export const resolveSendSchema = z.discriminatedUnion("outcome", [
  z.object({
    outcome: z.literal("sent"),
    tx_hash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte transaction hash")
      .meta({ description: "The transaction that made this send", example: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060" }),
    note,
  }),
  z.object({ outcome: z.literal("failed"), note }),
]);
export type ResolveSendInput = z.infer<typeof resolveSendSchema>;
