// Invoice and payout numbers (INV-2026-000042, PO-2026-000007) on each driver: the counter is taken
// inside the record's INSERT (migration 0014), and the numbers stay gapless and unique under
// concurrent creates in one organization, after a create that rolls back, and past six digits. A
// create outside a unit of work is one statement (lib/studio/workflow/create.ts), atomic on its own.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, dumpAllRows, freshTarget, invoiceRequest, payoutRequest, queryRows, raceMode, withStudio, type Target } from "./support";

const sequence = (number: string) => Number(number.split("-")[2]);

describe.each(drivers)("record numbers on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "numbers");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it(`run on without a gap or a repeat under concurrent creates and a rolled-back one ${raceMode(driver)}`, { timeout: 240_000 }, async () => {
    await withStudio(target, async (client) => {
      const demo = await bootedDemoOrg(target);
      const finance = await demo.principal("finance");
      const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
      const { createPayout } = await import("@/lib/studio/payouts/create-payout");
      const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
      const counters = async () =>
        (await queryRows<{ invoice: number; payout: number }>(
          client,
          sql`SELECT invoice_counter AS invoice, payout_counter AS payout FROM organizations WHERE id = ${finance.orgId}`,
        ))[0]!;
      const year = new Date().getUTCFullYear();
      const before = await counters();

      const invoices = await Promise.all(
        Array.from({ length: 12 }, () => createInvoice({ principal: finance, clientId: demo.clientId, request: invoiceRequest() })),
      );
      const payouts = await Promise.all(
        Array.from({ length: 6 }, () => createPayout({ principal: finance, clientId: demo.clientId, request: payoutRequest() })),
      );
      const invoiceSequence = invoices.map((invoice) => sequence(invoice.invoice_id)).sort((a, b) => a - b);
      const payoutSequence = payouts.map((payout) => sequence(payout.payout_id)).sort((a, b) => a - b);
      expect(invoiceSequence).toEqual(Array.from({ length: 12 }, (_, index) => before.invoice + 1 + index));
      expect(payoutSequence).toEqual(Array.from({ length: 6 }, (_, index) => before.payout + 1 + index));
      for (const invoice of invoices) expect(invoice.invoice_id).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
      for (const payout of payouts) expect(payout.payout_id).toMatch(new RegExp(`^PO-${year}-\\d{6}$`));

      // A create whose unit of work fails after the insert takes its number back with it.
      await expect(
        unitOfWork(async () => {
          await createInvoice({ principal: finance, clientId: demo.clientId, request: invoiceRequest() });
          throw new Error("the rest of the request failed");
        }),
      ).rejects.toThrow("the rest of the request failed");
      const next = await createInvoice({ principal: finance, clientId: demo.clientId, request: invoiceRequest() });
      expect(sequence(next.invoice_id)).toBe(before.invoice + 13);

      // Past six digits the number grows a seventh; it is padded to six, never cut.
      await client.db().then((database) => database.execute(sql`UPDATE organizations SET invoice_counter = 999999 WHERE id = ${finance.orgId}`));
      const longer = await createInvoice({ principal: finance, clientId: demo.clientId, request: invoiceRequest() });
      expect(longer.invoice_id).toBe(`INV-${year}-1000000`);
    });
  });

  it("write a record, its payment intent, its log row and its number together or not at all, outside a unit of work too", { timeout: 120_000 }, async () => {
    await withStudio(target, async (client) => {
      const demo = await bootedDemoOrg(target);
      const finance = await demo.principal("finance");
      const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
      const { insertCreated } = await import("@/lib/studio/workflow/create");
      const { invoiceOwner } = await import("@/lib/studio/invoices/owner");
      const { invoices } = await import("@/lib/studio/db/invoices-schema");
      const { paymentIntents } = await import("@/lib/studio/db/payment-intents-schema");
      const { eq } = await import("drizzle-orm");
      const database = await client.db();
      const first = await createInvoice({ principal: finance, clientId: demo.clientId, request: invoiceRequest() });
      const [stored] = await database.select().from(invoices).where(eq(invoices.invoiceNumber, first.invoice_id));
      const { seq: _seq, invoiceNumber: _number, searchText: _text, ...row } = stored!;
      const [payment] = await database.select().from(paymentIntents).where(eq(paymentIntents.id, row.paymentIntentId));
      const before = await dumpAllRows(client);

      // The same record id again: its insert fails after the statement's payment intent, log row
      // and counter increment were written, and the whole statement takes them back.
      const now = new Date();
      const again = insertCreated(invoiceOwner, {
        record: { ...row, paymentIntentId: "pi_never_committed" },
        paymentIntent: { ...payment!, id: "pi_never_committed" },
        operatorUid: finance.uid,
        now,
      });
      await expect(again).rejects.toThrow();
      expect(await dumpAllRows(client)).toBe(before);

      // And the next create takes the very next number.
      const next = await createInvoice({ principal: finance, clientId: demo.clientId, request: invoiceRequest() });
      expect(sequence(next.invoice_id)).toBe(sequence(first.invoice_id) + 1);
    });
  });
});
