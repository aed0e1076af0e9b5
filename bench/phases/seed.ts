// The bench's data: BENCH_INVOICES invoices in one organization, written by three set-based
// statements in one transaction. The status counts follow through their statement-level triggers
// (one delta per status for the whole insert), so the seed costs O(rows).
import pg from "pg";
import { CHAINS } from "@/lib/studio/chain/registry";
import { INVOICE_STATUSES, paymentStatusFor } from "@/lib/studio/invoices/status";

/** Payment-intent columns that follow from an invoice status, as one SQL CASE per column. */
function statusSql(): { invoiceStatus: string; paymentStatus: string } {
  const statuses = INVOICE_STATUSES;
  const invoiceStatus = `(ARRAY[${statuses.map((s) => `'${s}'`).join(",")}])[1 + (i % ${statuses.length})]`;
  const paymentStatus = `(ARRAY[${statuses
    .map((s) => `'${paymentStatusFor(s, { underpaid: s === "underpaid" })}'`)
    .join(",")}])[1 + (i % ${statuses.length})]`;
  return { invoiceStatus, paymentStatus };
}

/** Five minutes between invoices, the newest now: what the date-range phase picks windows from. */
export const SEED_SPACING_MINUTES = 5;

/**
 * `n` invoices in the organization, each with its payment intent and its creation log row, spread
 * over every status, eight chain/token pairs and (5 minutes apart) back from now; `seq` rises with
 * `created_at`. Amounts equal their single line item (quantity × 150), as the API requires.
 * Recipients are `Recipient k` / `rk@bench.test` for k < 500: what the search phase looks for.
 */
export async function seedInvoices(client: pg.Client, n: number, orgId: number, clientId: string, creatorUid: string): Promise<void> {
  const tokens = CHAINS.flatMap((chain) => Object.values(chain.tokens).map((token) => ({ chain: chain.id, ...token })));
  const pick = (field: string) => `(ARRAY[${tokens.map((t) => `'${String(t[field as keyof typeof t])}'`).join(",")}])[1 + (i % ${tokens.length})]`;
  const { invoiceStatus, paymentStatus } = statusSql();
  const ago = `now() - (${n} - i) * interval '${SEED_SPACING_MINUTES} minutes'`;
  await client.query("BEGIN");
  // A bulk load builds the trigram index once afterwards (what CREATE INDEX is for) instead of
  // growing it row by row; it is recreated from its own definition, so it is the migration's.
  const { rows: trigram } = await client.query<{ def: string }>(
    "SELECT pg_get_indexdef('invoices_search_trgm_idx'::regclass) AS def",
  );
  await client.query("DROP INDEX invoices_search_trgm_idx");
  await client.query(`
    INSERT INTO payment_intents (id, org_id, client_id, pricing_mode, chain_id, token_symbol, token_address, decimals,
      payment_address, address_index, pay_token, status, crypto_amount, payment_deadline, payment_method_type, payout_addresses,
      created_at, updated_at)
    SELECT 'pi_bench' || lpad(i::text, 16, '0'), $1, $2, 'crypto', ${pick("chain")}, ${pick("symbol")}, ${pick("address")},
      ${pick("decimals")}::int,
      CASE WHEN i % ${INVOICE_STATUSES.length} = 0 THEN NULL ELSE '0x' || lpad(to_hex(i), 40, '0') END,
      CASE WHEN i % ${INVOICE_STATUSES.length} = 0 THEN NULL ELSE i END,
      CASE WHEN i % ${INVOICE_STATUSES.length} = 0 THEN NULL ELSE md5(i::text) END,
      ${paymentStatus}, ((1 + i % 20) * 150)::numeric,
      extract(epoch FROM now())::bigint - (${n} - i) * ${SEED_SPACING_MINUTES * 60} + 14 * 86400, 'crypto', '{}'::jsonb,
      ${ago}, ${ago}
    FROM generate_series(1, ${n}) AS i`, [orgId, clientId]);
  await client.query(`
    INSERT INTO invoices (id, org_id, invoice_number, status, payment_intent_id, creator_uid, creator, amount, currency,
      origin, recipient_name, recipient_email, organization_name, organization_email, description, detail_items,
      payment_terms, invoice_issue_date, created_at, updated_at)
    SELECT 'inv_bench' || lpad(i::text, 15, '0'), $1, 'INV-BENCH-' || lpad(i::text, 7, '0'), ${invoiceStatus},
      'pi_bench' || lpad(i::text, 16, '0'), $2, 'Bench Finance', ((1 + i % 20) * 150)::numeric, NULL,
      'https://shop.demo-merchant.test', 'Recipient ' || (i % 500), 'r' || (i % 500) || '@bench.test',
      'Org ' || (i % 97), 'billing' || (i % 97) || '@bench.test', 'Bench invoice ' || i,
      jsonb_build_array(jsonb_build_object('name', 'Consulting hours', 'quantity', 1 + i % 20, 'unit_price', 150)),
      14, ${ago}, ${ago}, ${ago}
    FROM generate_series(1, ${n}) AS i ORDER BY i`, [orgId, creatorUid]);
  await client.query(`
    INSERT INTO status_logs (org_id, owner_type, owner_id, from_status, to_status, operator_uid, reason, created_at)
    SELECT $1, 'invoice', 'inv_bench' || lpad(i::text, 15, '0'), '', 'approval_pending', $2, 'created', ${ago}
    FROM generate_series(1, ${n}) AS i`, [orgId, creatorUid]);
  await client.query("SET LOCAL maintenance_work_mem = '256MB'");
  await client.query(trigram[0]!.def);
  await client.query("COMMIT");
  // What autovacuum does soon after a bulk insert: statistics, and the visibility map that lets
  // the per-category counts use an index-only scan.
  await client.query("VACUUM ANALYZE");
}
