// The expiry sweeper: the test server runs it in-process every 500 ms (SWEEP_INTERVAL_MS).
import { describe, expect, it } from "vitest";
import { api, approvedInvoice, expectError, getInvoice, invoiceLogs, payOk } from "./support";

async function waitForStatus(id: string, status: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const invoice = await getInvoice(id);
    if (invoice.status === status || Date.now() > until) return invoice;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("expiry", () => {
  it("expires an approved invoice with no funds once its deadline has passed, not before, logged as system", async () => {
    const deadline = Math.floor(Date.now() / 1000) + 2;
    const invoice = await approvedInvoice({ payment_deadline: deadline });
    expect(invoice.payment_intent.payment_deadline).toBe(deadline);
    // The sweeper runs every 500 ms here; the wait is what a loaded 2-core machine may need.
    const expired = await waitForStatus(invoice.id, "expired", 20_000);
    expect(expired.status).toBe("expired");
    expect(expired.payment_intent.status).toBe("expired");
    const logs = await invoiceLogs(invoice.id);
    expect(logs.at(-1)).toMatchObject({ from_status: "approved", to_status: "expired", operator_uid: "system" });
    expect(Date.parse(logs.at(-1)!.created_at)).toBeGreaterThanOrEqual(deadline * 1000);
    expect(logs.filter((log) => log.to_status === "expired")).toHaveLength(1);
    expectError(await api("POST", `/invoice/intent/${invoice.id}/cancel`, { role: "finance" }), 409, 40900);
  }, 30_000);

  it("does not expire an invoice that was paid in time", async () => {
    const deadline = Math.floor(Date.now() / 1000) + 2;
    const invoice = await approvedInvoice({ payment_deadline: deadline });
    // An unpaid twin with the same deadline: once the sweeper expired it, it has swept past the
    // paid one too (no fixed sleep that a busy machine could outlast).
    const twin = await approvedInvoice({ payment_deadline: deadline });
    await payOk(invoice.payment_intent.payment_address, "125.5");
    expect((await waitForStatus(twin.id, "expired", 20_000)).status).toBe("expired");
    expect((await getInvoice(invoice.id)).status).toBe("paid");
  }, 30_000);

  it("a late payment to an expired invoice yields payment_review / manual_review", async () => {
    const deadline = Math.floor(Date.now() / 1000) + 1;
    const invoice = await approvedInvoice({ payment_deadline: deadline });
    const expired = await waitForStatus(invoice.id, "expired", 20_000);
    expect(expired.status).toBe("expired");
    const { invoice: after } = await payOk(invoice.payment_intent.payment_address, "125.5");
    expect(after.status).toBe("payment_review");
    expect(after.payment_intent.status).toBe("manual_review");
    expect(after.payment_intent.received_crypto_amount).toBe("125.5");
    expect((await invoiceLogs(invoice.id)).at(-1)).toMatchObject({
      from_status: "expired",
      to_status: "payment_review",
      operator_uid: "system",
    });
  }, 30_000);
});
