import "server-only";
import { z } from "zod";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { countsOf } from "@/lib/studio/openapi/counts";
import { balanceRecordSchema, ledgerEntryRecordSchema } from "@/lib/studio/balances/list-balances";
import { LEDGER_KINDS } from "@/lib/studio/balances/ledger";
import { ledgerQuerySchema } from "@/lib/studio/balances/schemas";

const balance = named("Balance", balanceRecordSchema);
const ledgerEntry = named("LedgerEntry", ledgerEntryRecordSchema);

const tag = "Balances";

export const balanceEndpoints = [
  endpoint({
    method: "get", path: "/balances", tag, summary: "The organization's balance per chain and token", permission: "transfer:read",
    response: z.array(balance), extension: true,
  }),
  endpoint({
    method: "get", path: "/balances/ledger", tag, summary: "The movements behind the balances, newest first", permission: "transfer:read",
    query: ledgerQuerySchema, response: ledgerEntry, list: { counts: countsOf(LEDGER_KINDS, "Entries per kind, under every filter but `kind`"), cursor: true }, extension: true,
  }),
];
