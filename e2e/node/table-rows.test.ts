// The exports' bulk row reader (lib/db/table-rows.ts) against a real database on each driver: it
// decodes each row without drizzle's per-field mapping, and must give exactly what drizzle's own
// select of the same tables (or the same columns of them) gives (Dates, NUMERIC text, JSON, nulls), row for row.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, withStudio, type Target } from "./support";

describe.each(drivers)("whole table rows on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "table_rows");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("are what drizzle's select of the same tables gives", async () => {
    await withStudio(target, async (client) => {
      const { awaitReady } = await import("@/lib/studio/process/boot");
      await awaitReady();
      const { tableRows } = await import("@/lib/db/table-rows");
      const { invoices } = await import("@/lib/studio/db/invoices-schema");
      const { paymentIntents } = await import("@/lib/studio/db/payment-intents-schema");
      const { auditLog } = await import("@/lib/studio/db/audit-schema");
      const database = await client.db();

      const selection = { invoice: invoices, paymentIntent: paymentIntents };
      const joined = await tableRows(selection).read(database, (select) =>
        select.from(invoices).innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)).orderBy(invoices.seq),
      );
      const expected = await database.select(selection).from(invoices).innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)).orderBy(invoices.seq);
      expect(expected.length).toBeGreaterThan(0);
      expect(joined.size).toBe(expected.length);
      expect([...joined.map((row) => row)]).toEqual(expected);
      expect(joined.at(joined.size - 1)).toEqual(expected[expected.length - 1]);
      expect(expected[0]!.invoice.createdAt).toBeInstanceOf(Date);

      // Some columns of each table, as the large exports read them: the same values drizzle's select of those columns gives.
      const { tableColumns } = await import("@/lib/db/table-rows");
      const some = { invoice: tableColumns(invoices, "seq", "createdAt", "detailItems", "description"), paymentIntent: tableColumns(paymentIntents, "cryptoAmount", "paymentAddress") };
      const narrow = await tableRows(some).read(database, (select) =>
        select.from(invoices).innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)).orderBy(invoices.seq),
      );
      const narrowExpected = await database.select(some).from(invoices).innerJoin(paymentIntents, eq(paymentIntents.id, invoices.paymentIntentId)).orderBy(invoices.seq);
      expect([...narrow.map((row) => row)]).toEqual(narrowExpected);
      expect(Object.keys(narrowExpected[0]!.invoice)).toEqual(["seq", "createdAt", "detailItems", "description"]);

      const single = await tableRows({ entry: auditLog }).read(database, (select) => select.from(auditLog).orderBy(auditLog.id));
      const audit = await database.select().from(auditLog).orderBy(auditLog.id);
      expect([...single.map(({ entry }) => entry)]).toEqual(audit);
    });
  });
});
