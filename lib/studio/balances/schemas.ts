import "server-only";
import { z } from "zod";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { cursorQuerySchema, filterText, pagingQuerySchema, sortQuerySchema } from "@/lib/studio/core/paging";
import { LEDGER_KINDS } from "@/lib/studio/balances/ledger";

/** What the ledger sorts by: creation, and the signed amount (debits are the smallest). */
export const LEDGER_SORT_KEYS = ["created_at", "amount"] as const;

export const ledgerQuerySchema = pagingQuerySchema.extend({
  chain: filterText,
  token: z.enum(TOKEN_SYMBOLS).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  ...cursorQuerySchema.shape,
  ...sortQuerySchema(LEDGER_SORT_KEYS).shape,
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;
