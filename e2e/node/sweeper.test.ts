// The expiry sweeper against a real database on each driver: concurrent sweepers never expire an
// invoice twice, and `npm run worker` is a working stand-alone sweeper on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, raceMode, startBuilt, targetEnvironment, withStudio, type Target } from "./support";

const SWEEPER_RECIPIENT = "sweeper@example.test";

/** Creates and approves `count` invoices with the given deadline; returns their ids. */
async function approvedInvoices(target: Target, count: number, deadline: number): Promise<string[]> {
  const { clientId, key } = demoOrg(target);
  const { authenticate } = await import("@/lib/studio/auth/principal");
  const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
  const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
  const finance = await authenticate(key("finance"));
  const approver = await authenticate(key("approver"));
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await createInvoice({ principal: finance, clientId, request: invoiceRequest({ recipient_email: SWEEPER_RECIPIENT, payment_terms: 0, payment_deadline: deadline }) });
    await approveInvoice({ principal: approver, id: created.id });
    ids.push(created.id);
  }
  return ids;
}

describe.each(drivers)("expiry sweeper on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "sweeper");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it(`four concurrent sweeps expire each due invoice exactly once and leave the rest ${raceMode(driver)}`, async () => {
    await withStudio(
      target,
      async (client) => {
        const { awaitReady } = await import("@/lib/studio/process/boot");
        await awaitReady();
        const now = Math.floor(Date.now() / 1000);
        const due = await approvedInvoices(target, 12, now + 60);
        const notDue = await approvedInvoices(target, 2, now + 7_200);
        const { sweepExpired } = await import("@/lib/studio/process/sweeper");
        const later = new Date((now + 120) * 1000);
        const counts = await Promise.all([1, 2, 3, 4].map(() => sweepExpired(later)));
        expect(counts.reduce((a, b) => a + b, 0)).toBe(due.length);
        const rows = await queryRows<{ id: string; status: string; expired_logs: number }>(
          client,
          sql`SELECT i.id, i.status, (SELECT count(*)::int FROM status_logs l WHERE l.owner_type = 'invoice' AND l.owner_id = i.id AND l.to_status = 'expired') AS expired_logs
              FROM invoices i WHERE i.recipient_email = ${SWEEPER_RECIPIENT}`,
        );
        for (const row of rows) {
          const expected = due.includes(row.id) ? { status: "expired", expired_logs: 1 } : { status: "approved", expired_logs: 0 };
          expect({ status: row.status, expired_logs: row.expired_logs }).toEqual(expected);
        }
        expect(rows.filter((row) => notDue.includes(row.id))).toHaveLength(2);
        expect(await sweepExpired(later)).toBe(0);
      },
      { SEED_DEMO_INVOICES: "0" },
    );
  });

  it(driver === "postgres" ? "npm run worker expires invoices on its own and stops on SIGTERM" : "npm run worker refuses PGlite", async () => {
    const worker = startBuilt("worker", targetEnvironment(target, { SWEEP_INTERVAL_MS: "200" }));
    if (driver === "pglite") {
      expect(await worker.exited).toBe(2);
      expect(worker.output()).toContain("DATABASE_URL");
      return;
    }
    try {
      const ids = await withStudio(target, async () => approvedInvoices(target, 1, Math.floor(Date.now() / 1000) + 1), {
        SEED_DEMO_INVOICES: "0",
      });
      const until = Date.now() + 15_000;
      let status = "";
      while (Date.now() < until) {
        status = await withStudio(target, async (client) => {
          const rows = await queryRows<{ status: string }>(client, sql`SELECT status FROM invoices WHERE id = ${ids[0]}`);
          return rows[0]?.status ?? "";
        });
        if (status === "expired") break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe("expired");
    } finally {
      worker.child.kill("SIGTERM");
    }
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain("background jobs (expiry, pending chain sends, idempotency purge)");
  }, 40_000);
});
