// A crash between the commit that decides a chain send and the send itself, in a real process
// killed with SIGKILL, on each driver: the send is neither lost (the drainer broadcasts it after
// the restart) nor repeated (a second broadcast of the same reference is the same transfer).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, runFixture, withStudio, type Target } from "./support";

function crashingSign(target: Target, invoiceId: string, adminKey: string, moment: string) {
  return runFixture(target, "e2e/node/fixtures/crash-during-send.ts", [invoiceId, adminKey, moment], { SEED_DEMO: "0" });
}

type SendRow = { id: string; status: string; tx_hash: string; attempts: number };

describe.each(drivers)("chain sends through a crash on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "sendcrash");
    await withStudio(
      target,
      async () => {
        const { awaitReady } = await import("@/lib/studio/process/boot");
        await awaitReady();
      },
      { SEED_DEMO: "1", SEED_DEMO_INVOICES: "0" },
    );
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  /** A paid invoice, ready to sign, made through the service itself. */
  async function paidInvoice(email: string): Promise<string> {
    return withStudio(target, async () => {
      const { authenticate } = await import("@/lib/studio/auth/principal");
      const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
      const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
      const { recordTransfer } = await import("@/lib/studio/deposits/record-transfer");
      const org = demoOrg(target);
      const created = await createInvoice({
        principal: await authenticate(org.key("finance")),
        clientId: org.clientId,
        request: invoiceRequest({ recipient_email: email }),
      });
      const approved = await approveInvoice({ principal: await authenticate(org.key("approver")), id: created.id });
      await recordTransfer({ orgId: org.orgId, to: { paymentIntentId: approved.payment_intent.payment_intent_id }, amount: "10" });
      return created.id;
    });
  }

  for (const moment of ["before-broadcast", "after-broadcast"] as const) {
    it(`a process killed ${moment.replace("-", " ")} leaves the send pending, and draining it twice sends it once`, async () => {
      const invoiceId = await paidInvoice(`crash-${moment}@example.test`);
      expect(await crashingSign(target, invoiceId, demoOrg(target).key("admin"), moment)).toBe("SIGKILL");

      await withStudio(target, async (client) => {
        const { getIntentOrThrow } = await import("@/lib/studio/workflow/owner");
        const { invoiceOwner } = await import("@/lib/studio/invoices/owner");
        const { broadcastPendingSends } = await import("@/lib/studio/chain/sends");
        const signed = await getIntentOrThrow(await client.db(), invoiceOwner, demoOrg(target).orgId, invoiceId);
        // The sign committed before the crash: the status, its hash and the pending send.
        expect(signed.row.status).toBe("signed");
        const sends = () =>
          queryRows<SendRow>(client, sql`SELECT id, status, tx_hash, attempts FROM chain_sends WHERE payment_intent_id = ${signed.paymentIntent.id}`);
        const broadcasts = (reference: string) =>
          queryRows<{ tx_hash: string }>(client, sql`SELECT tx_hash FROM sandbox_broadcasts WHERE reference = ${reference}`);
        const [send] = await sends();
        expect(send).toMatchObject({ status: "pending", tx_hash: signed.paymentIntent.aggregationTxHash, attempts: 1 });
        expect(await broadcasts(send!.id)).toHaveLength(moment === "after-broadcast" ? 1 : 0);

        // The crashed drainer's lease still holds the send; once it runs out, concurrent drainers
        // take it once between them, and the chain holds one transfer under the planned hash.
        expect(await broadcastPendingSends({ only: [send!.id] })).toBe(0);
        const afterLease = new Date(Date.now() + 60_000);
        const claimed = await Promise.all([1, 2, 3].map(() => broadcastPendingSends({ only: [send!.id], now: afterLease })));
        expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(1);
        // The sandbox chain is a table: a send it holds is final, confirmed at broadcast.
        expect(await sends()).toEqual([expect.objectContaining({ status: "confirmed", attempts: 2 })]);
        expect(await broadcasts(send!.id)).toEqual([{ tx_hash: signed.paymentIntent.aggregationTxHash }]);
        expect(await broadcastPendingSends({ only: [send!.id], now: afterLease })).toBe(0);
      });
    });
  }
});
