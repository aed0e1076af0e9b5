import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Database } from "@/lib/db/client";
import { tableRows } from "@/lib/db/table-rows";
import { csvBatch } from "@/lib/studio/export/csv-export";
import { balances, ledgerEntries } from "@/lib/studio/db/balances-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { formatUnits, parseDecimal, parseUnits } from "@/lib/studio/core/money";
import { cutPage, pageWindow, type ExportQuery } from "@/lib/studio/core/paging";
import { afterCursor, cursorSeq, keyOfRow, listOrder, orderClauses } from "@/lib/studio/core/list-sql";
import { LEDGER_KINDS, reservedAmounts, reservedUnitsOf } from "@/lib/studio/balances/ledger";
import type { LedgerQuery } from "@/lib/studio/balances/schemas";
import { address, amountText, dateTimeText } from "@/lib/studio/core/records";

/** One chain and token the organization holds (GET /balances). */
export const balanceRecordSchema = z.object({
  chain_id: z.string().meta({ example: "arb" }),
  contract_address: address("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  symbol: z.string().meta({ example: "USDC" }),
  decimals: z.number().int().meta({ example: 6 }),
  amount: amountText("1250.75").meta({
    description: "What the organization may spend: the sum of its ledger rows less what withdrawal requests awaiting approval reserve",
  }),
  reserved: amountText("50").meta({
    description: "What withdrawal requests awaiting approval reserve (not in `amount`): released when one is rejected, debited when its last approval sends it",
  }),
  updated_at: dateTimeText,
});
export type BalanceRecord = z.infer<typeof balanceRecordSchema>;

/** One movement behind the balances (GET /balances/ledger); debits are negative. */
export const ledgerEntryRecordSchema = z.object({
  id: z.number().int().meta({ example: 3051 }),
  chain_id: z.string().meta({ example: "arb" }),
  contract_address: address("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  symbol: z.string().meta({ example: "USDC" }),
  amount: z.string().meta({ description: "Signed exact decimal: debits are negative", example: "-50" }),
  kind: z.enum(LEDGER_KINDS),
  payment_intent_id: z.string().nullable(),
  transfer_id: z.string().nullable(),
  reference: z.string(),
  created_at: dateTimeText,
});
export type LedgerEntryRecord = z.infer<typeof ledgerEntryRecordSchema>;

// GET /balances (extension, product-decisions §8): every chain and token the organization has
// ever moved, with what it may spend now (the sum of its ledger rows less what withdrawal requests
// awaiting approval reserve, product-decisions §9) and what those reserve.
export async function listBalances(input: { principal: Principal }): Promise<BalanceRecord[]> {
  const database = await db();
  const [rows, reserved] = await Promise.all([
    database
      .select()
      .from(balances)
      .where(eq(balances.orgId, input.principal.orgId))
      .orderBy(asc(balances.chainId), asc(balances.symbol)),
    reservedAmounts(database, input.principal.orgId),
  ]);
  return rows.map((row) => {
    const held = reservedUnitsOf(reserved, row.chainId, row.tokenAddress, row.decimals);
    const total = parseUnits(row.amount, row.decimals);
    return {
      chain_id: row.chainId,
      contract_address: row.tokenAddress,
      symbol: row.symbol,
      decimals: row.decimals,
      amount: formatUnits(total > held ? total - held : 0n, row.decimals),
      reserved: formatUnits(held, row.decimals),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

// GET /balances/ledger (extension): the movements behind the balances, newest first unless
// `sort`, with counts per kind under the same filters but `kind`.
export async function listLedger(input: { principal: Principal; query: LedgerQuery }) {
  const { principal, query } = input;
  const database = await db();
  const filters = ledgerFilters(principal.orgId, query);
  const order = ledgerOrder(query);
  const { limit, offset } = pageWindow(query);
  const cursor =
    query.starting_after === undefined
      ? undefined
      : await cursorSeq(database, {
          table: ledgerEntries, id: ledgerEntries.id, seq: ledgerEntries.id, org: ledgerEntries.orgId, orgId: principal.orgId,
          cursor: query.starting_after, numericId: true,
        });
  const after = cursor !== undefined ? afterCursor(order, { key: keyOfRow(order, sql`${ledgerEntries}`, cursor), seq: cursor }) : undefined;
  const [kindCounts, window] = await Promise.all([
    database
      .select({ kind: ledgerEntries.kind, count: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(...filters))
      .groupBy(ledgerEntries.kind),
    database
      .select()
      .from(ledgerEntries)
      .where(and(...filters, query.kind ? eq(ledgerEntries.kind, query.kind) : undefined, after))
      .orderBy(...orderClauses(order))
      .limit(limit)
      .offset(offset),
  ]);
  const { page: rows, next } = cutPage(window, query, (row) => row.id);
  const counts = Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, 0])) as Record<string, number>;
  for (const { kind, count } of kindCounts) counts[kind] = count;
  return {
    data: rows.map(serializeLedgerEntry),
    paging: {
      page_number: query.page,
      page_size: query.page_size,
      total_count: query.kind ? (counts[query.kind] ?? 0) : Object.values(counts).reduce((sum, count) => sum + count, 0),
      next_starting_after: next,
    },
    counts,
  };
}

function ledgerFilters(orgId: number, query: ExportQuery<LedgerQuery>): SQL[] {
  const filters: SQL[] = [eq(ledgerEntries.orgId, orgId)];
  if (query.chain) filters.push(eq(ledgerEntries.chainId, query.chain));
  if (query.token) filters.push(eq(ledgerEntries.symbol, query.token));
  return filters;
}

function ledgerOrder(query: Pick<LedgerQuery, "sort">) {
  return listOrder(query.sort, { created_at: ledgerEntries.id, amount: ledgerEntries.amount }, ledgerEntries.id);
}

function serializeLedgerEntry(row: typeof ledgerEntries.$inferSelect): LedgerEntryRecord {
  return {
    id: row.id,
    chain_id: row.chainId,
    contract_address: row.tokenAddress,
    symbol: row.symbol,
    amount: signedAmount(row.amount, row.decimals),
    kind: row.kind as LedgerEntryRecord["kind"],
    payment_intent_id: row.paymentIntentId,
    transfer_id: row.withdrawalId,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  };
}

/** The export's batches (GET /balances/ledger/export): every movement the filters admit, in the list's order. */
export function ledgerExportBatches(database: Database, orgId: number, query: ExportQuery<LedgerQuery>) {
  const filters = ledgerFilters(orgId, query);
  const order = ledgerOrder(query);
  return async (afterSeq: number | undefined, limit: number) => {
    const after = afterSeq !== undefined ? afterCursor(order, { key: keyOfRow(order, sql`${ledgerEntries}`, afterSeq), seq: afterSeq }) : undefined;
    const rows = await ledgerRows.read(database, (select) =>
      select
        .from(ledgerEntries)
        .where(and(...filters, query.kind ? eq(ledgerEntries.kind, query.kind) : undefined, after))
        .orderBy(...orderClauses(order))
        .limit(limit),
    );
    return csvBatch(rows, ({ entry }) => entry.id, ({ entry }) => serializeLedgerEntry(entry));
  };
}

const ledgerRows = tableRows({ entry: ledgerEntries });

/** A ledger amount canonically spelled at the token's decimals, debits with their minus sign. */
function signedAmount(value: string, decimals: number): string {
  const negative = value.startsWith("-");
  const magnitude = parseDecimal(negative ? value.slice(1) : value);
  const units = magnitude.units * 10n ** BigInt(decimals - magnitude.scale);
  return formatUnits(negative ? -units : units, decimals);
}
