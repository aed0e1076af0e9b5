// With SANDBOX_CHAIN=0 (a server meant for real chains) the sandbox payment endpoints do not exist,
// and a production server has neither the sandbox nor demo data unless they are asked for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, dropTarget, freshTarget, invoiceRequest, withStudio, type Target } from "./support";

describe("sandbox chain switch", () => {
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
        // Without the sandbox no chain without an RPC node takes an invoice at all (422, see
        // e2e/chain/start-checks.test.ts); the endpoint is gone whatever address it is asked about.
        if (flag === "0") {
          return sandboxPay({ principal: await principal("admin"), request: { payment_address: "TSzyrqFrmhNJAYnwPaPnY5Rjor6qtCsSnm", amount: "5" } }).then(
            () => 200,
            (error: unknown) => (error instanceof StudioError ? error.http : Promise.reject(error)),
          );
        }
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

  it.each([
    [{ NODE_ENV: "production" }, { SANDBOX_CHAIN: false, SEED_DEMO: false }],
    [{ NODE_ENV: "production", SANDBOX_CHAIN: "1", SEED_DEMO: "1" }, { SANDBOX_CHAIN: true, SEED_DEMO: true }],
    [{ NODE_ENV: "development" }, { SANDBOX_CHAIN: true, SEED_DEMO: true }],
  ])("with %j the sandbox and the demo seed are %j", async (settings, expected) => {
    const cleared = { SANDBOX_CHAIN: undefined, SEED_DEMO: undefined, ...settings };
    const flags = await withStudio(target, async () => {
      const { env } = await import("@/lib/env");
      return { SANDBOX_CHAIN: env.SANDBOX_CHAIN, SEED_DEMO: env.SEED_DEMO };
    }, cleared);
    expect(flags).toEqual(expected);
  });
});
