// GET /dashboard (issue 27): the organization's figures above the single record, each one SQL
// aggregate over the organization's rows, so the service answers sums and counts, never rows.
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Database } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { listBalances } from "@/lib/studio/balances/list-balances";
import { invoices, invoiceStatusCounts } from "@/lib/studio/db/invoices-schema";
import { paymentIntents, standalonePaymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { payouts } from "@/lib/studio/db/payouts-schema";
import { AGING_BUCKETS, DASHBOARD_INTERVALS, FUNNEL_STAGES, type AgingBucket, type DashboardQuery, type DashboardRecord } from "@/lib/studio/dashboard/schemas";
import type { InvoiceStatus } from "@/lib/studio/invoices/status";
import { formatUnits, parseDecimal } from "@/lib/studio/core/money";
import { awaitingStatuses, type ActionOwnerType } from "@/lib/workflow/actions";

/** The statuses that show an invoice reached each funnel stage. */
const FUNNEL: Record<(typeof FUNNEL_STAGES)[number], readonly InvoiceStatus[] | "all"> = {
  created: "all",
  approved: ["approved", "expired", "paid", "underpaid", "payment_review", "signed", "refunded"],
  paid: ["paid", "signed"],
  signed: ["signed"],
};

/** Invoices whose money is still to come: approved and waiting, or underpaid. */
const RECEIVABLE_STATUSES: readonly InvoiceStatus[] = ["approved", "underpaid"];

type Rows<Row> = { rows: Row[] };
const rowsOf = async <Row>(database: Database, query: SQL) => ((await database.execute(query)) as unknown as Rows<Row>).rows;

/** A NUMERIC sum as the API spells amounts: exact, no trailing zeros. */
function exact(text: string): string {
  const { units, scale } = parseDecimal(text);
  return formatUnits(units, scale);
}

const inList = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

export async function readDashboard(input: { principal: Principal; query: DashboardQuery }): Promise<DashboardRecord> {
  const { principal, query } = input;
  const database = await db();
  const orgId = principal.orgId;
  // The unit is one of the schema's three words, never the caller's text.
  const unit = sql.raw(`'${query.interval}'`);
  const periods = DASHBOARD_INTERVALS[query.interval];
  const since = sql`(date_trunc(${unit}, now() AT TIME ZONE 'UTC') - ${periods - 1} * ${sql.raw(`interval '1 ${query.interval}'`)})`;
  const periodOf = (seconds: SQL) => sql`to_char(date_trunc(${unit}, to_timestamp(${seconds}) AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  const sinceSeconds = sql`extract(epoch from ${since} AT TIME ZONE 'UTC')`;

  const [sinceRow] = await rowsOf<{ since: string }>(database, sql`SELECT to_char(${since}, 'YYYY-MM-DD') AS since`);

  const received = rowsOf<{ period: string; token: string; amount: string; count: number }>(
    database,
    sql`SELECT ${periodOf(sql`pi.payment_tx_timestamp`)} AS period, pi.token_symbol AS token,
          sum(pi.received_crypto_amount)::text AS amount, count(*)::int AS count
        FROM ${paymentIntents} pi
        WHERE pi.org_id = ${orgId} AND pi.received_crypto_amount IS NOT NULL AND pi.payment_tx_timestamp >= ${sinceSeconds}
          AND (EXISTS (SELECT 1 FROM ${invoices} i WHERE i.payment_intent_id = pi.id)
               OR EXISTS (SELECT 1 FROM ${standalonePaymentIntents} s WHERE s.payment_intent_id = pi.id))
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const paidOut = rowsOf<{ period: string; token: string; amount: string; count: number }>(
    database,
    sql`SELECT ${periodOf(sql`pi.aggregation_tx_timestamp`)} AS period, pi.token_symbol AS token,
          sum(pi.exact_out_amount)::text AS amount, count(*)::int AS count
        FROM ${payouts} p JOIN ${paymentIntents} pi ON pi.id = p.payment_intent_id
        WHERE p.org_id = ${orgId} AND p.status = 'completed' AND pi.aggregation_tx_timestamp >= ${sinceSeconds}
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  // The per-status counts the invoice triggers keep (a sum over a few slots, not a count of rows).
  const statusCounts = rowsOf<{ status: string; count: number }>(
    database,
    sql`SELECT status, sum(count)::int AS count FROM ${invoiceStatusCounts} WHERE org_id = ${orgId} GROUP BY status`,
  );
  const aging = rowsOf<{ bucket: AgingBucket; token: string; amount: string; count: number }>(
    database,
    sql`SELECT bucket, token, sum(outstanding)::text AS amount, count(*)::int AS count FROM (
          SELECT pi.token_symbol AS token, pi.crypto_amount - coalesce(pi.received_crypto_amount, 0) AS outstanding,
            CASE
              WHEN overdue <= 0 THEN 'not_due' WHEN overdue <= 30 THEN '1_30' WHEN overdue <= 60 THEN '31_60'
              WHEN overdue <= 90 THEN '61_90' ELSE 'over_90'
            END AS bucket
          FROM (
            SELECT i.payment_intent_id,
              ((now() AT TIME ZONE 'UTC')::date - (i.due_at AT TIME ZONE 'UTC')::date) AS overdue
            FROM ${invoices} i
            WHERE i.org_id = ${orgId} AND i.status IN (${inList(RECEIVABLE_STATUSES)})
          ) due JOIN ${paymentIntents} pi ON pi.id = due.payment_intent_id
        ) aged GROUP BY bucket, token`,
  );
  // What GET /balances shows: spendable, requests awaiting approval's reservations left out.
  const balanceRows = listBalances({ principal });

  const counts = new Map((await statusCounts).map((row) => [row.status, Number(row.count)]));
  const stageCount = (statuses: readonly string[] | "all") =>
    statuses === "all" ? [...counts.values()].reduce((sum, count) => sum + count, 0) : statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  const money = (rows: Array<{ period: string; token: string; amount: string; count: number }>) =>
    rows.map((row) => ({ period: row.period, token: row.token, amount: exact(row.amount), count: Number(row.count) }));

  return {
    interval: query.interval,
    since: sinceRow?.since ?? "",
    received: money(await received),
    paid_out: money(await paidOut),
    funnel: Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, stageCount(FUNNEL[stage])])) as DashboardRecord["funnel"],
    aging: (await aging)
      .map((row) => ({ bucket: row.bucket, token: row.token, amount: exact(row.amount), count: Number(row.count) }))
      .sort((a, b) => AGING_BUCKETS.indexOf(a.bucket) - AGING_BUCKETS.indexOf(b.bucket) || a.token.localeCompare(b.token)),
    awaiting_action: await awaitingAction(database, principal),
    balances: (await balanceRows).map((row) => ({ chain_id: row.chain_id, symbol: row.symbol, amount: row.amount })),
  };
}

const OWNER_TABLES: Record<ActionOwnerType, SQL> = {
  invoice: sql`${invoices}`,
  payout: sql`${payouts}`,
  payment_intent: sql`${standalonePaymentIntents}`,
};

/** Records waiting for a decision the caller may take (lib/workflow/actions `awaits`), over every owner. */
async function awaitingAction(database: Database, principal: Principal): Promise<number> {
  const parts: SQL[] = [];
  for (const owner of Object.keys(OWNER_TABLES) as ActionOwnerType[]) {
    const { anyone, othersOnly } = awaitingStatuses(owner, principal.permissions);
    const waiting: SQL[] = [];
    if (anyone.length) waiting.push(sql`status IN (${inList(anyone)})`);
    if (othersOnly.length) waiting.push(sql`(status IN (${inList(othersOnly)}) AND creator_uid <> ${principal.uid})`);
    if (waiting.length) parts.push(sql`(SELECT count(*) FROM ${OWNER_TABLES[owner]} WHERE org_id = ${principal.orgId} AND (${sql.join(waiting, sql` OR `)}))`);
  }
  if (!parts.length) return 0;
  const [row] = await rowsOf<{ count: number }>(database, sql`SELECT (${sql.join(parts, sql` + `)})::int AS count`);
  return Number(row?.count ?? 0);
}
