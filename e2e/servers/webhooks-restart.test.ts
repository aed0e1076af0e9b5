// Webhooks on servers of their own: an event written with its status change is delivered by the
// next server on the same database, an attempt cut short by a SIGKILL is sent again once its lease
// runs out (at least once: the receiver sees the same event id again), and a server started with
// production defaults refuses a callback to a private address.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOrg, dropTarget, freshTarget, queryRows, withStudio, type Target } from "../node/support";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { assertBuilt, freePort, killServer, startServer, stopServer, waitHealthy, type Server } from "./server";

const driver: Target["driver"] = process.env.DATABASE_URL ? "postgres" : "pglite";

describe(`webhooks across a server restart on ${driver}`, () => {
  let target: Target;
  let logDir: string;
  let server: Server | undefined;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    assertBuilt();
    target = await freshTarget(driver, "hooks_restart");
    logDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-hooks-restart-"));
  });
  afterAll(async () => {
    if (server) await killServer(server);
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await dropTarget(target);
  });

  async function boot(port: number, log: string, env: Record<string, string | undefined> = {}): Promise<string> {
    const baseUrl = `http://127.0.0.1:${port}`;
    server = startServer(target, port, path.join(logDir, log), { WEBHOOK_TIMEOUT_MS: "2000", ...env });
    await waitHealthy(baseUrl, server);
    return baseUrl;
  }

  async function paidIntent(baseUrl: string, callbackUrl: string): Promise<string> {
    const { clientId, key } = demoOrg(target);
    const call = async (method: string, urlPath: string, apiKey: string, body: unknown) => {
      const response = await fetch(`${baseUrl}/v1/studio/api${urlPath}`, {
        method,
        headers: { "X-STUDIO-API-KEY": apiKey, "X-Client-ID": clientId, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const parsed = await response.json();
      if (response.status !== 200) throw new Error(`${method} ${urlPath}: ${response.status} ${JSON.stringify(parsed)}`);
      return parsed.data;
    };
    const intent = await call("POST", "/payment/intent", key("finance"), { crypto_amount: "10", pay_token: "USDC", chain: "arb", callback_url: callbackUrl });
    await call("POST", `/sandbox/payment_intent/${intent.payment_intent_id}/pay`, key("admin"), { amount: "10" });
    return intent.payment_intent_id as string;
  }

  it("an event written while no dispatcher runs is delivered by the next server after a SIGKILL", async () => {
    const hooks = await startReceiver();
    receivers.push(hooks);
    const port = await freePort();
    // SWEEPER=0: this server runs no background work, so the event stays in the outbox.
    let baseUrl = await boot(port, "server-1.log", { SWEEPER: "0" });
    const intentId = await paidIntent(baseUrl, hooks.url);
    await killServer(server!);
    server = undefined;
    // What the dead server left: its events in the outbox, never attempted, so whatever arrives
    // next was sent by the next server.
    await withStudio(target, async (client) => {
      const events = await queryRows<{ status: string; attempt_count: number }>(
        client,
        sql`SELECT status, attempt_count FROM webhook_events WHERE object_id = ${intentId}`,
      );
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event).toEqual({ status: "pending", attempt_count: 0 });
    });
    expect(hooks.received).toHaveLength(0);

    baseUrl = await boot(port, "server-2.log");
    await hooks.waitFor((received) => received.length >= 1, 20_000);
    const [request] = hooks.received;
    const secret = (JSON.parse(fs.readFileSync(path.join(target.dataDir, "demo-credentials.json"), "utf8")).orgs[0] as { webhook_secret: string }).webhook_secret;
    const record = new Webhook(secret).verify(request!.body, request!.headers) as { payment_intent_id: string; status: string };
    expect(record.payment_intent_id).toBe(intentId);
    expect(record.status).toBe("success");
    await stopServer(server!);
    server = undefined;
    // Two server starts, the first seeding the demo data: slow on a loaded 2-core machine.
  }, 240_000);

  it("an attempt cut short by a SIGKILL is sent again, with the same event id, by the restarted server", async () => {
    // The first request is held past the kill; the next one is answered.
    const hooks = await startReceiver((_request, received) => (received.length === 1 ? { status: 200, delayMs: 60_000 } : { status: 200 }));
    receivers.push(hooks);
    const port = await freePort();
    let baseUrl = await boot(port, "server-3.log");
    await paidIntent(baseUrl, hooks.url);
    await hooks.waitFor((received) => received.length === 1, 20_000);
    await killServer(server!);
    server = undefined;

    baseUrl = await boot(port, "server-4.log");
    // The dead server's lease (2 × timeout + 5 s) runs out, then the event goes again.
    await hooks.waitFor((received) => received.length >= 2, 30_000);
    expect(hooks.received[1]!.id).toBe(hooks.received[0]!.id);
    // The receiver has answered; the server records the attempt just after. Stop it only then.
    await deliveryRecorded(baseUrl, demoOrg(target).key("viewer"), hooks.received[0]!.id);
    await stopServer(server!);
    server = undefined;
    await withStudio(target, async (client) => {
      const rows = await queryRows<{ status: string; attempts: number }>(
        client,
        sql`SELECT status, (SELECT count(*)::int FROM webhook_attempts a WHERE a.event_id = e.id) AS attempts FROM webhook_events e WHERE e.id = ${hooks.received[0]!.id}`,
      );
      // The killed attempt was never answered, so only the completed one is in the log.
      expect(rows).toEqual([{ status: "delivered", attempts: 1 }]);
    });
  }, 240_000);

  it("a server started without WEBHOOK_ALLOW_PRIVATE, as in production, refuses a callback to 127.0.0.1", async () => {
    const hooks = await startReceiver();
    receivers.push(hooks);
    // What any deployment sets (where its data lives, its port), the demo seed for the test's keys
    // and a chain to invoice on; every other setting the tests opt into (the guard off, short
    // timeouts, no rate limit) is left unset.
    const baseUrl = await boot(await freePort(), "server-5.log", {
      STUDIO_ENV: undefined,
      WEBHOOK_ALLOW_PRIVATE: undefined,
      WEBHOOK_TIMEOUT_MS: undefined,
      WEBHOOK_RETRY_SCHEDULE: undefined,
      SANDBOX_CHAIN: "1",
      SEED_DEMO: "1",
      SEED_DEMO_INVOICES: "0",
      STUDIO_RATE_LIMIT: undefined,
    });
    const { clientId, key } = demoOrg(target);
    const call = async (urlPath: string, apiKey: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}/v1/studio/api${urlPath}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "X-STUDIO-API-KEY": apiKey, "X-Client-ID": clientId, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const parsed = await response.json();
      if (response.status !== 200) throw new Error(`${urlPath}: ${response.status} ${JSON.stringify(parsed)}`);
      return parsed;
    };
    const created = await call("/invoice/intent", key("finance"), {
      pricing_mode: "crypto",
      amount: "10",
      pay_token: "USDC",
      chain: "arb",
      origin: "https://shop.example.test",
      recipient_name: "Guard Test",
      recipient_email: "guard@example.test",
      organization_name: "Guard Org",
      organization_email: "guard-org@example.test",
      creator: "servers test",
      payment_terms: 7,
      detail_items: [{ name: "Item", quantity: 1, unit_price: 10 }],
      callback_url: hooks.url,
    });
    const invoiceId = created.data.id as string;
    await call(`/invoice/intent/${invoiceId}/approve`, key("approver"), {});

    type Delivery = { id: string; status: string; attempts: Array<{ status_code: number | null; error: string | null }> };
    const deadline = Date.now() + 30_000;
    let delivery: Delivery | undefined;
    while (!delivery?.attempts.length) {
      if (Date.now() > deadline) throw new Error(`no attempt recorded within 30 s: ${JSON.stringify(delivery)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      delivery = ((await call(`/webhook/deliveries?object_id=${invoiceId}`, key("viewer"))).data as Delivery[])[0];
    }
    expect(delivery.attempts).toEqual([expect.objectContaining({ status_code: null, error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/) })]);
    expect(hooks.received).toHaveLength(0);
    await stopServer(server!);
    server = undefined;
  }, 240_000);
});

/** Waits until the deliveries list shows the event delivered: its attempt is in the log then. */
async function deliveryRecorded(baseUrl: string, viewerKey: string, eventId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/v1/studio/api/webhook/deliveries?status=delivered`, {
      headers: { "X-STUDIO-API-KEY": viewerKey },
    });
    const deliveries = ((await response.json()) as { data: Array<{ id: string }> }).data;
    if (deliveries.some((delivery) => delivery.id === eventId)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`event ${eventId} was not recorded as delivered within 20 s`);
}
