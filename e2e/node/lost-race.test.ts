// 409/40901 (product-decisions §4: "lost a race with a concurrent change"), made deterministic:
// another transaction holds the record's row lock while a verb runs, then commits a change. A verb
// that was allowed in the status it found and lost it while waiting answers 40901; one whose
// record was already in a disallowed status answers 40900; one whose action the change left
// allowed simply runs. PostgreSQL only: PGlite has one connection, so nothing can wait on a lock.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, dropTarget, freshTarget, invoiceRequest, someoneWaitsForALock, withStudio, type Target } from "./support";

describe.runIf(process.env.DATABASE_URL)("a verb that waited for a row lock (PostgreSQL only)", () => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget("postgres", "lostrace");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  /** Holds `id`'s row lock in a transaction of its own until `commitWith` runs `statements` and commits. */
  async function holdRow(id: string) {
    const holder = new pg.Client({ connectionString: target.databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM invoices WHERE id = $1 FOR UPDATE", [id]);
    return {
      async commitWith(statements: Array<[string, unknown[]]>) {
        for (const [text, values] of statements) await holder.query(text, values);
        await holder.query("COMMIT");
        await holder.end();
      },
    };
  }

  it("answers 40901 when a concurrent cancel took the approve away, 40900 once the record is cancelled, and runs when the change left it allowed", async () => {
    await withStudio(
      target,
      async () => {
        const { clientId, principal } = await bootedDemoOrg(target);
        const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
        const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
        const { getInvoice } = await import("@/lib/studio/invoices/get-invoice");
        const finance = await principal("finance");
        const approver = await principal("approver");

        const lost = await createInvoice({ principal: finance, clientId, request: invoiceRequest() });
        const held = await holdRow(lost.id);
        const approving = approveInvoice({ principal: approver, id: lost.id }).then(
          () => ({ kind: "approved", code: 0, message: "" }),
          (error) => ({ kind: error.kind, code: error.code, message: String(error.message) }),
        );
        await someoneWaitsForALock(target.databaseUrl!);
        await held.commitWith([["UPDATE invoices SET status = 'cancelled' WHERE id = $1", [lost.id]]]);
        const answer = await approving;
        expect(answer).toMatchObject({ kind: "lost_race", code: 40901 });
        expect(answer.message).toContain("approval_pending to cancelled");
        await expect(approveInvoice({ principal: approver, id: lost.id })).rejects.toMatchObject({ kind: "invalid_state", code: 40900 });
        expect((await getInvoice({ principal: approver, id: lost.id })).status).toBe("cancelled");

        const edited = await createInvoice({ principal: finance, clientId, request: invoiceRequest() });
        const editing = await holdRow(edited.id);
        const approvingEdited = approveInvoice({ principal: approver, id: edited.id });
        await someoneWaitsForALock(target.databaseUrl!);
        await editing.commitWith([["UPDATE invoices SET description = 'edited meanwhile', updated_at = now() WHERE id = $1", [edited.id]]]);
        expect((await approvingEdited).status).toBe("approved");
      },
      { SEED_DEMO_INVOICES: "0" },
    );
  });
});
