// The trigger-kept invoice_status_counts against a real database on each driver: after the demo
// seed and a burst of concurrent opposite transitions (reject vs resubmit, which touch the same two
// count rows in opposite directions) it equals a GROUP BY over the invoices, and it is what the
// unfiltered list reports.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
        const { awaitReady } = await import("@/lib/studio/boot");
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

        const truth = await queryRows<{ org_id: number; status: string; count: number }>(
          client,
          sql`SELECT org_id, status, count(*)::int AS count FROM invoices GROUP BY org_id, status`,
        );
        const kept = await queryRows<{ org_id: number; status: string; count: number }>(
          client,
          sql`SELECT org_id, status, count FROM invoice_status_counts WHERE count <> 0`,
        );
        const byKey = (rows: Array<{ org_id: number; status: string; count: number }>) =>
          Object.fromEntries(rows.map((row) => [`${row.org_id}/${row.status}`, row.count]));
        expect(byKey(kept)).toEqual(byKey(truth));
        expect(truth.length).toBeGreaterThan(5);

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
  });
});
