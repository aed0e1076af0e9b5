// The trigger-kept invoice_status_counts against a real database on each driver: after the demo
// seed and a burst of concurrent opposite transitions (reject vs resubmit, which touch the same two
// count rows in opposite directions) it equals a GROUP BY over the invoices, and it is what the
// unfiltered list reports. Bulk statements (one INSERT … SELECT, UPDATE and DELETE of many rows)
// move the counts by exactly their rows, in one delta per status.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientModule } from "./support";
import { demoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, raceMode, withStudio, type Target } from "./support";

describe.each(drivers)("invoice status counts on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "counts");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it(`stay equal to the invoices themselves through seeding and concurrent transitions ${raceMode(driver)}`, async () => {
    await withStudio(
      target,
      async (client) => {
        const { awaitReady } = await import("@/lib/studio/process/boot");
        await awaitReady();
        const org = demoOrg(target);
        const key = org.key;
        const { authenticate } = await import("@/lib/studio/auth/principal");
        const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
        const { rejectIntent } = await import("@/lib/studio/workflow/verbs");
        const { invoiceOwner } = await import("@/lib/studio/invoices/owner");
        const rejectInvoice = (input: Parameters<typeof rejectIntent>[1]) => rejectIntent(invoiceOwner, input);
        const { updateInvoice } = await import("@/lib/studio/invoices/update-invoice");
        const { listInvoices } = await import("@/lib/studio/invoices/list-invoices");
        const finance = await authenticate(key("finance"));
        const approver = await authenticate(key("approver"));
        const request = invoiceRequest();

        const created = await Promise.all(
          Array.from({ length: 12 }, () => createInvoice({ principal: finance, clientId: org.clientId, request })),
        );
        const [toReject, toResubmit] = [created.slice(0, 6), created.slice(6)];
        await Promise.all(toResubmit.map((invoice) => rejectInvoice({ principal: approver, id: invoice.id, request: { reason: "first pass" } })));
        // Opposite directions at once: approval_pending → rejected and rejected → approval_pending.
        await Promise.all([
          ...toReject.map((invoice) => rejectInvoice({ principal: approver, id: invoice.id, request: { reason: "no PO" } })),
          ...toResubmit.map((invoice) => updateInvoice({ principal: finance, id: invoice.id, request: { description: "fixed" } })),
        ]);

        const { truth, kept } = await countsAndTruth(client);
        expect(kept).toEqual(byKey(truth));
        expect(truth.length).toBeGreaterThan(5);
        if (driver === "postgres") {
          // Concurrent writers on different connections wrote different slots: no single hot row.
          const [slots] = await queryRows<{ n: number }>(
            client,
            sql`SELECT count(DISTINCT slot)::int AS n FROM invoice_status_counts WHERE org_id = ${org.orgId} AND status = 'rejected'`,
          );
          expect(slots!.n).toBeGreaterThan(1);
        }

        const listed = await listInvoices({ principal: finance, query: { page: 1, page_size: 1 } });
        const expected: Record<string, number> = {};
        const { STATUS_CATEGORY } = await import("@/lib/studio/invoices/status");
        for (const row of truth.filter((row) => row.org_id === org.orgId)) {
          const category = STATUS_CATEGORY[row.status as keyof typeof STATUS_CATEGORY];
          expected[category] = (expected[category] ?? 0) + row.count;
        }
        for (const [category, count] of Object.entries(listed.counts)) expect(count).toBe(expected[category] ?? 0);
        expect(listed.paging.total_count).toBe(truth.filter((row) => row.org_id === org.orgId).reduce((sum, row) => sum + row.count, 0));
      },
      { SEED_DEMO: "1", SEED_DEMO_INVOICES: "40", SWEEPER: "0" },
    );
    // Booting and seeding PGlite takes over a minute on a loaded machine.
  }, 300_000);

  it("follow bulk inserts, updates and deletes of many rows, one delta per status and statement", async () => {
    await withStudio(
      target,
      async (client) => {
        const { awaitReady } = await import("@/lib/studio/process/boot");
        await awaitReady();
        const org = demoOrg(target);
        const { INVOICE_STATUSES } = await import("@/lib/studio/invoices/status");
        const statuses = sql.raw(`ARRAY[${INVOICE_STATUSES.map((status) => `'${status}'`).join(",")}]`);
        const rows = 2500;
        const before = await countsAndTruth(client);
        await (await client.db()).transaction(async (tx) => {
          await tx.execute(sql`
            INSERT INTO payment_intents (id, org_id, client_id, pricing_mode, chain_id, token_symbol, token_address, decimals,
              status, crypto_amount, payment_method_type)
            SELECT 'pi_bulk' || i, ${org.orgId}, ${org.clientId}, 'crypto', 'arb', 'USDC', '0x0', 6, 'awaiting_approval', 1, 'crypto'
            FROM generate_series(1, ${rows}) AS i`);
          await tx.execute(sql`
            INSERT INTO invoices (id, org_id, invoice_number, status, payment_intent_id, creator_uid, creator, amount, origin,
              recipient_name, recipient_email, organization_name, organization_email, detail_items, payment_terms, invoice_issue_date)
            SELECT 'inv_bulk' || i, ${org.orgId}, 'INV-BULK-' || i, (${statuses})[1 + i % ${INVOICE_STATUSES.length}],
              'pi_bulk' || i, 'u', 'Bulk', 1, 'https://bulk.test', 'R', 'r@bulk.test', 'O', 'o@bulk.test', '[]'::jsonb, 14, now()
            FROM generate_series(1, ${rows}) AS i`);
        });
        const afterInsert = await countsAndTruth(client);
        expect(afterInsert.kept).toEqual(byKey(afterInsert.truth));
        const added = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
        expect(added(afterInsert.kept) - added(before.kept)).toBe(rows);

        // One statement moves a third of them to rejected, another changes a column that is not the
        // status (the counts must not move), a third deletes a fifth.
        const database = await client.db();
        await database.execute(sql`UPDATE invoices SET status = 'rejected' WHERE id LIKE 'inv_bulk%' AND substr(id, 9)::int % 3 = 0`);
        await database.execute(sql`UPDATE invoices SET description = 'touched' WHERE id LIKE 'inv_bulk%'`);
        const afterUpdate = await countsAndTruth(client);
        expect(afterUpdate.kept).toEqual(byKey(afterUpdate.truth));
        expect(afterUpdate.kept[`${org.orgId}/rejected`]).toBeGreaterThan(afterInsert.kept[`${org.orgId}/rejected`] ?? 0);
        await database.execute(sql`DELETE FROM invoices WHERE id LIKE 'inv_bulk%' AND substr(id, 9)::int % 5 = 0`);
        const afterDelete = await countsAndTruth(client);
        expect(afterDelete.kept).toEqual(byKey(afterDelete.truth));
        expect(added(afterUpdate.kept) - added(afterDelete.kept)).toBe(rows / 5);
      },
      { SEED_DEMO: "1", SEED_DEMO_INVOICES: "0", SWEEPER: "0" },
    );
  }, 300_000);
});

type CountRow = { org_id: number; status: string; count: number };

const byKey = (rows: CountRow[]) => Object.fromEntries(rows.map((row) => [`${row.org_id}/${row.status}`, row.count]));

/** The kept counts (summed over slots, zeros left out) and a GROUP BY over the invoices. */
async function countsAndTruth(client: ClientModule) {
  const truth = await queryRows<CountRow>(client, sql`SELECT org_id, status, count(*)::int AS count FROM invoices GROUP BY org_id, status`);
  const kept = await queryRows<CountRow>(
    client,
    sql`SELECT org_id, status, sum(count)::int AS count FROM invoice_status_counts GROUP BY org_id, status HAVING sum(count) <> 0`,
  );
  return { truth, kept: byKey(kept) };
}
