// With SANDBOX_CHAIN=0 (a server meant for real chains) the sandbox payment endpoints do not exist.
// What it defaults to is launch-defaults.test.ts's subject.
import { afterAll, beforeAll, expect, it } from "vitest";
import { bootedDemoOrg, describeDriverIndependent, dropTarget, freshTarget, invoiceRequest, withStudio, type Target } from "./support";

describeDriverIndependent("sandbox chain switch", () => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget("pglite", "sandbox-off");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it.each([
    ["0", 404],
    ["1", 200],
  ])("SANDBOX_CHAIN=%s → POST /sandbox/pay answers %i", async (flag, expected) => {
    const status = await withStudio(
      target,
      async () => {
        const { clientId, principal } = await bootedDemoOrg(target);
        const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
        const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
        const { sandboxPay } = await import("@/lib/studio/sandbox/pay");
        const { StudioError } = await import("@/lib/studio/errors");
        const created = await createInvoice({
          principal: await principal("finance"),
          clientId,
          request: invoiceRequest({
            amount: "5",
            pay_token: "USDT",
            chain: "tron",
            payment_terms: 0,
            detail_items: [{ name: "Item", quantity: 1, unit_price: 5 }],
          }),
        });
        const approved = await approveInvoice({ principal: await principal("approver"), id: created.id });
        try {
          const paid = await sandboxPay({
            principal: await principal("admin"),
            request: { payment_address: approved.payment_intent.payment_address, amount: "5" },
          });
          expect(paid.invoice?.status).toBe("paid");
          return 200;
        } catch (error) {
          if (error instanceof StudioError) return error.http;
          throw error;
        }
      },
      { SANDBOX_CHAIN: flag, SEED_DEMO_INVOICES: "0" },
    );
    expect(status).toBe(expected);
  });
});
