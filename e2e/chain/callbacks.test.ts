// Callbacks on a real local node, on each database (issue 37 §5): a record's callback_url hears
// its status changes, once each, with `event_type` and `object`; what is not a status change (a
// second payment into a settled intent, a reversal that cannot move the status) reaches the
// organization's webhook endpoints and the audit log, never the callback_url, where it would read
// as a second `success` and ship an order twice.
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, queryRows, withStudio, type ClientModule, type Target } from "../node/support";
import type { LocalNode } from "./local-node";
import { arbOn, DEPTH, fundedDemoOrg, PAYER, scanToHead, startFundedNode, units } from "./support";

let node: LocalNode;
beforeAll(async () => {
  node = await startFundedNode();
});
afterAll(async () => {
  await node?.stop();
});

type EventRow = { type: string; endpoint_id: string | null; callback_key: string | null; payload: string };

const CALLBACK_URL = "https://merchant.example.test/orders/hook";

describe.each(drivers)("callbacks from a real chain on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "callbacks");
    // Settled payments are swept: the gas tank pays for it.
    await fundedDemoOrg(target, node);
    await withStudio(target, async () => {
      const { principal } = await bootedDemoOrg(target);
      const { createWebhookEndpoint } = await import("@/lib/studio/webhooks/organization-endpoints");
      await createWebhookEndpoint({ principal: await principal("admin"), body: { url: "https://ops.example.test/all-events", description: "everything", event_types: ["*"] } });
    }, arbOn(node));
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  async function intentWithCallback(amount: string) {
    const { clientId, principal } = await bootedDemoOrg(target);
    const { createPaymentIntent } = await import("@/lib/studio/standalone-payments/create-payment-intent");
    const intent = await createPaymentIntent({
      principal: await principal("finance"),
      clientId,
      request: { pricing_mode: "crypto", crypto_amount: amount, pay_token: "USDC", chain: "arb", callback_url: CALLBACK_URL },
    });
    return { id: intent.payment_intent_id, address: intent.payment_address as Address };
  }

  async function status(id: string) {
    const { getPaymentIntent } = await import("@/lib/studio/standalone-payments/get-payment-intent");
    const { principal } = await bootedDemoOrg(target);
    return (await getPaymentIntent({ principal: await principal("finance"), id })).status;
  }

  const events = (client: ClientModule, id: string) =>
    queryRows<EventRow>(client, sql`SELECT type, endpoint_id, callback_key, payload FROM webhook_events WHERE object_id = ${id} ORDER BY seq`);
  const callbacks = async (client: ClientModule, id: string) => (await events(client, id)).filter((event) => event.endpoint_id === null);
  const endpointTypes = async (client: ClientModule, id: string) => (await events(client, id)).filter((event) => event.endpoint_id !== null).map((event) => event.type);
  const audits = (client: ClientModule, id: string, action: string) =>
    queryRows<{ details: Record<string, unknown> }>(client, sql`SELECT details FROM audit_log WHERE object_id = ${id} AND action = ${action} ORDER BY id`);
  const pay = async (to: Address, amount: number) => {
    const hash = await node.transfer(PAYER, node.tokens.USDC, to, units(amount));
    await node.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await node.mine(DEPTH);
    await scanToHead();
    return hash;
  };

  it("a second payment into a settled intent: one success callback (event_type, object), the payment as news to the endpoints and the audit log", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await intentWithCallback("10");
      await pay(address, 10);
      expect(await status(id)).toBe("success");
      const second: Hex = await pay(address, 5);
      // More rounds: nothing later turns the set-aside payment into another callback.
      await node.mine(2);
      await scanToHead();
      expect(await status(id)).toBe("success");

      const sent = await callbacks(client, id);
      expect(sent.map((event) => event.type)).toEqual(["payment_intent.success"]);
      const body = JSON.parse(sent[0]!.payload);
      expect(body).toMatchObject({ payment_intent_id: id, status: "success", event_type: "payment_intent.success", object: "payment_intent" });
      expect(sent[0]!.callback_key).toMatch(/^status_log:\d+$/);

      expect(await endpointTypes(client, id)).toEqual(["payment_intent.success", "payment_intent.unmatched_deposit"]);
      const news = (await events(client, id)).find((event) => event.type === "payment_intent.unmatched_deposit")!;
      const envelope = JSON.parse(news.payload);
      expect(envelope).toMatchObject({ type: "payment_intent.unmatched_deposit", data: { payment_intent_id: id, status: "success" }, details: { reason: "refused", tx_hash: second, amount: "5" } });
      expect(await audits(client, id, "payment_intent.unmatched_deposit")).toEqual([{ details: expect.objectContaining({ reason: "refused", tx_hash: second }) }]);
    }, arbOn(node));
  });

  it("a reorg deeper than the depth: the change it makes is one callback; the reversal that cannot move the status is news, never a second callback", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await intentWithCallback("10");
      const snapshot = await node.test.snapshot();
      const first = await pay(address, 5);
      expect(await status(id)).toBe("insufficient_not_refunded");
      const second = await pay(address, 5);
      expect(await status(id)).toBe("success");
      // Both payments vanish: the first reversal moves success → manual_review, the second finds
      // nothing to move (manual_review takes no flag) and is news.
      await node.test.revert({ id: snapshot });
      await node.mine(DEPTH + 3);
      await scanToHead();
      expect(await status(id)).toBe("manual_review");

      const sent = await callbacks(client, id);
      expect(sent.map((event) => [event.type, JSON.parse(event.payload).status])).toEqual([
        ["payment_intent.insufficient_not_refunded", "insufficient_not_refunded"],
        ["payment_intent.success", "success"],
        ["payment_intent.manual_review", "manual_review"],
      ]);
      expect(new Set(sent.map((event) => event.callback_key)).size).toBe(3);
      const reversals = await audits(client, id, "payment_intent.payment_reversed");
      expect(reversals.map((audit) => audit.details.tx_hash).sort()).toEqual([first, second].sort());
      expect(reversals.map((audit) => [audit.details.from_status, audit.details.to_status]).sort()).toEqual([
        ["manual_review", "manual_review"],
        ["success", "manual_review"],
      ]);
      expect(await endpointTypes(client, id)).toEqual([
        "payment_intent.insufficient_not_refunded",
        "payment_intent.success",
        "payment_intent.manual_review",
        "payment_intent.payment_reversed",
      ]);
    }, arbOn(node));
  });
});
