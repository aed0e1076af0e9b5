import { z } from "zod";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { filterText, pagingQuerySchema } from "@/lib/studio/paging";
import { LEDGER_KINDS } from "@/lib/studio/balances/ledger";

export const ledgerQuerySchema = pagingQuerySchema.extend({
  chain: filterText,
  token: z.enum(TOKEN_SYMBOLS).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;
