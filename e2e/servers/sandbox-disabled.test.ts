// With SANDBOX_CHAIN=0 (a server meant for real chains) both sandbox payment routes answer 404 and
// move nothing; the same requests on the same records pay once the server runs with the sandbox.
// The records are made while the sandbox is on: without it (and without a node) a chain takes no
// new business at all (422, e2e/chain/start-checks.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ownServer, suiteDriver, type OwnServer } from "./support";

describe(`the sandbox routes on ${suiteDriver}`, () => {
  let server: OwnServer;
  beforeAll(async () => {
    server = await ownServer("sandbox_off", suiteDriver, { SANDBOX_CHAIN: "1" });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function ok(answer: Promise<{ status: number; text: string; body: any }>) {
    const { status, text, body } = await answer;
    if (status !== 200) throw new Error(`setup step failed: ${status} ${text}`);
    return body.data;
  }

  it("POST /sandbox/pay and POST /sandbox/payment_intent/{id}/pay are 404 with SANDBOX_CHAIN=0, and 200 with it on", async () => {
    const key = server.access.key;
    const clientId = { "X-Client-ID": server.access.clientId };
    const invoice = await ok(
      call(server, "POST", "/invoice/intent", key("finance"), {
        pricing_mode: "crypto",
        amount: "5",
        pay_token: "USDT",
        chain: "tron",
        origin: "https://shop.example.test",
        recipient_name: "Sandbox Off",
        recipient_email: "sandbox-off@example.test",
        organization_name: "Sandbox Off Org",
        organization_email: "billing@example.test",
        creator: "servers test",
        payment_terms: 7,
        detail_items: [{ name: "Item", quantity: 1, unit_price: 5 }],
      }, clientId),
    );
    const approved = await ok(call(server, "POST", `/invoice/intent/${invoice.id}/approve`, key("approver"), {}));
    const intent = await ok(call(server, "POST", "/payment/intent", key("finance"), { crypto_amount: "7", pay_token: "USDC", chain: "arb" }, clientId));
    await server.stop();
    await server.start({ SANDBOX_CHAIN: "0" });
    const payInvoice = () => call(server, "POST", "/sandbox/pay", key("admin"), { payment_address: approved.payment_intent.payment_address, amount: "5" });
    const payIntent = () => call(server, "POST", `/sandbox/payment_intent/${intent.payment_intent_id}/pay`, key("admin"), { amount: "7" });

    for (const answer of [await payInvoice(), await payIntent()]) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body).toMatchObject({ code: 40400, message: "The sandbox chain is not enabled on this server" });
    }
    // Nothing moved.
    expect((await ok(call(server, "GET", `/invoice/intent/${invoice.id}`, key("viewer")))).status).toBe("approved");
    expect((await ok(call(server, "GET", `/payment/intent/${intent.payment_intent_id}`, key("viewer")))).status).toBe("pending");

    // The same requests were valid: with the sandbox on, they pay.
    await server.stop();
    await server.start({ SANDBOX_CHAIN: "1" });
    expect((await ok(payInvoice())).invoice.status).toBe("paid");
    expect((await ok(payIntent())).payment_intent.status).toBe("success");
  });
});
