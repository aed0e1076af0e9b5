// Webhooks over real HTTP: a status change of a record with a callback_url reaches a receiver this
// test starts on 127.0.0.1 (the test server allows private targets and retries in seconds), signed
// as Standard Webhooks; the deliveries list filters and pages; resend keeps the event id; another
// organization sees none of it.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { api, createPaymentIntent, expectError, getPaymentIntent, newPerson, org, payIntent, payIntentOk } from "./support";

type Delivery = {
  id: string;
  type: string;
  object_type: string;
  object_id: string;
  url: string;
  status: string;
  attempt_count: number;
  payload: { payment_intent_id: string; status: string };
  attempts: Array<{ attempt: number; manual: boolean; status_code: number | null; error: string | null; latency_ms: number; response_body: string | null }>;
};

async function deliveries(query: Record<string, string>, options: { role?: "viewer" | "admin" | "finance"; orgIndex?: 0 | 1 } = {}) {
  const response = await api("GET", `/webhook/deliveries?${new URLSearchParams(query)}`, { role: options.role ?? "viewer", orgIndex: options.orgIndex });
  expect(response.status).toBe(200);
  return response.body as { data: Delivery[]; paging: { page_number: number; page_size: number; total_count: number; next_starting_after: string | null }; counts: Record<string, number> };
}

async function waitForDelivery(objectId: string, predicate: (delivery: Delivery) => boolean, timeoutMs = 15_000): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await deliveries({ object_id: objectId })).data.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no delivery of ${objectId} matched in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("webhook deliveries", () => {
  let hooks: Receiver;
  let failing: Receiver;
  const FAILING_RECEIVER_DELAY_MS = 300;
  beforeAll(async () => {
    hooks = await startReceiver();
    failing = await startReceiver(() => ({ status: 500, body: "x".repeat(3000), delayMs: FAILING_RECEIVER_DELAY_MS }));
  });
  afterAll(async () => {
    await hooks.close();
    await failing.close();
  });

  it("a paid payment intent's status change arrives signed with the organization's secret, carrying the record as GET returns it", async () => {
    const intent = await createPaymentIntent({ callback_url: hooks.url });
    // Creation sends nothing: the response to the create call already carried the record.
    await payIntentOk(intent.payment_intent_id, intent.crypto_amount ?? "10");
    const current = await getPaymentIntent(intent.payment_intent_id);
    const delivered = await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.status === "delivered");
    expect(delivered).toMatchObject({
      type: `payment_intent.${current.status}`,
      object_type: "payment_intent",
      object_id: intent.payment_intent_id,
      url: hooks.url,
      attempt_count: 1,
      attempts: [{ attempt: 1, manual: false, status_code: 200, error: null, response_body: "ok" }],
    });
    const requests = hooks.of(delivered.id);
    expect(requests).toHaveLength(1);
    const event = new Webhook(org(0).webhook_secret).verify(requests[0]!.body, requests[0]!.headers) as Record<string, unknown>;
    // KryptoGO's callback body: the record itself, flat, as GET returns it, plus event_type and
    // object (issue 37 §5); the event id is the webhook-id.
    const flat = { ...current, event_type: `payment_intent.${current.status}`, object: "payment_intent" };
    expect(event).toEqual(flat);
    expect(requests[0]!.headers["webhook-id"]).toBe(delivered.id);
    expect(delivered.payload).toEqual(flat);
    expect(() => new Webhook(org(1).webhook_secret).verify(requests[0]!.body, requests[0]!.headers)).toThrow();
  });

  it("a callback handler written the way KryptoGO's examples are (verify, switch on body.status, read the top level) acts on it", async () => {
    const handled: Array<{ payment_intent_id: string; amount: string; order_id: unknown }> = [];
    const kryptogoStyle = await startReceiver((request) => {
      try {
        new Webhook(org(0).webhook_secret).verify(request.body, request.headers);
      } catch {
        return { status: 401, body: "bad signature" };
      }
      const body = JSON.parse(request.body);
      switch (body.status) {
        case "success":
          handled.push({ payment_intent_id: body.payment_intent_id, amount: body.received_crypto_amount, order_id: body.order_data?.order_id });
          return { status: 200 };
        default:
          return { status: 200, body: `ignored ${body.status}` };
      }
    });
    try {
      const intent = await createPaymentIntent({ callback_url: kryptogoStyle.url, order_data: { order_id: "A-1001" } });
      await payIntentOk(intent.payment_intent_id, intent.crypto_amount);
      await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.status === "delivered");
      expect(handled).toEqual([{ payment_intent_id: intent.payment_intent_id, amount: intent.crypto_amount, order_id: "A-1001" }]);
    } finally {
      await kryptogoStyle.close();
    }
  });

  it("a handler switching on event_type acts once per status change: a second sandbox payment into the settled intent sends nothing more", async () => {
    const intent = await createPaymentIntent({ callback_url: hooks.url, order_data: { order_id: "A-2002" } });
    await payIntentOk(intent.payment_intent_id, intent.crypto_amount ?? "10");
    // The sandbox refuses a transfer the settled record takes no more (409), as its chain scanner
    // sets one aside (e2e/chain/callbacks.test.ts proves the news reaches endpoints, not this URL).
    expectError(await payIntent(intent.payment_intent_id, "1"), 409, 40900);
    const delivered = await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.status === "delivered");
    // Time for anything else queued to go out too.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const all = (await deliveries({ object_id: intent.payment_intent_id })).data.filter((delivery) => delivery.url === hooks.url);
    expect(all.map((delivery) => delivery.type)).toEqual(["payment_intent.success"]);
    const bodies = hooks.of(delivered.id).map((request) => JSON.parse(request.body));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ event_type: "payment_intent.success", object: "payment_intent", status: "success", order_data: { order_id: "A-2002" } });
  });

  it("a failing receiver's attempts are logged (status, latency, first KiB) until the delivery fails; resend keeps the event id", async () => {
    const intent = await createPaymentIntent({ callback_url: failing.url });
    await payIntentOk(intent.payment_intent_id, intent.crypto_amount ?? "10");
    // The test server's schedule is 1,1,2 seconds: four attempts, then failed.
    const failed = await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.status === "failed");
    expect(failed.attempts.map((attempt) => [attempt.attempt, attempt.status_code, attempt.error])).toEqual([
      [1, 500, "HTTP 500"],
      [2, 500, "HTTP 500"],
      [3, 500, "HTTP 500"],
      [4, 500, "HTTP 500"],
    ]);
    for (const attempt of failed.attempts) {
      expect(attempt.response_body).toBe("x".repeat(1024));
      // The receiver takes its time before answering: the logged latency includes it, and stays
      // under the test server's 2 s timeout, since the answer (a status) arrived.
      expect(attempt.latency_ms).toBeGreaterThanOrEqual(FAILING_RECEIVER_DELAY_MS - 10);
      expect(attempt.latency_ms).toBeLessThan(2_000);
    }
    expect(failing.of(failed.id)).toHaveLength(4);

    const resent = await api("POST", `/webhook/deliveries/${failed.id}/resend`, { role: "admin" });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ id: failed.id, status: "pending" });
    await failing.waitFor(() => failing.of(failed.id).length >= 5, 10_000);
    const again = failing.of(failed.id);
    expect(new Set(again.map((request) => request.id))).toEqual(new Set([failed.id]));
    expect(again[4]!.body).toBe(again[0]!.body);
    expect(JSON.parse(again[4]!.body).payment_intent_id).toBe(intent.payment_intent_id);
    const afterResend = await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.attempts.length >= 5);
    expect(afterResend.attempts[4]).toMatchObject({ attempt: 5, manual: true, status_code: 500 });
  });

  it("filters by event type, object id and status, pages, and counts per status", async () => {
    const first = await createPaymentIntent({ callback_url: hooks.url });
    const second = await createPaymentIntent({ callback_url: hooks.url });
    await payIntentOk(first.payment_intent_id, first.crypto_amount ?? "10");
    await payIntentOk(second.payment_intent_id, second.crypto_amount ?? "10");
    const ofFirst = await waitForDelivery(first.payment_intent_id, (delivery) => delivery.status === "delivered");
    await waitForDelivery(second.payment_intent_id, (delivery) => delivery.status === "delivered");

    const byObject = await deliveries({ object_id: first.payment_intent_id });
    expect(byObject.data.map((delivery) => delivery.object_id)).toEqual([first.payment_intent_id]);
    expect(byObject.paging).toEqual({ page_number: 1, page_size: 20, total_count: 1, next_starting_after: null });

    const byType = await deliveries({ type: ofFirst.type, page_size: "100" });
    expect(byType.data.length).toBeGreaterThanOrEqual(2);
    expect(byType.data.every((delivery) => delivery.type === ofFirst.type)).toBe(true);

    const delivered = await deliveries({ status: "delivered", type: ofFirst.type, page_size: "1" });
    expect(delivered.data).toHaveLength(1);
    expect(delivered.data[0]!.status).toBe("delivered");
    expect(delivered.paging.total_count).toBe(delivered.counts.delivered);
    const page2 = await deliveries({ status: "delivered", type: ofFirst.type, page_size: "1", page: "2" });
    expect(page2.data[0]!.id).not.toBe(delivered.data[0]!.id);
    // Newest first: the second intent was paid last.
    expect(delivered.data[0]!.object_id).toBe(second.payment_intent_id);
    expect((await deliveries({ object_id: first.payment_intent_id, status: "failed" })).data).toEqual([]);

    expectError(await api("GET", "/webhook/deliveries?status=sent", { role: "viewer" }), 400, 40000);
    expectError(await api("GET", "/webhook/deliveries?page_size=0", { role: "viewer" }), 400, 40000);
  });

  it("another organization cannot see or resend a delivery (404 as for an unknown id); resend needs transfer:sign", async () => {
    const intent = await createPaymentIntent({ callback_url: hooks.url });
    await payIntentOk(intent.payment_intent_id, intent.crypto_amount ?? "10");
    const delivered = await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.status === "delivered");

    expect((await deliveries({ object_id: intent.payment_intent_id }, { orgIndex: 1 })).data).toEqual([]);
    expectError(await api("POST", `/webhook/deliveries/${delivered.id}/resend`, { role: "admin", orgIndex: 1 }), 404, 40400);
    expectError(await api("POST", "/webhook/deliveries/evt_unknown/resend", { role: "admin" }), 404, 40400);
    expectError(await api("POST", `/webhook/deliveries/${delivered.id}/resend`, { role: "finance" }), 403, 40300);
    expectError(await api("POST", `/webhook/deliveries/${delivered.id}/resend`, { role: "viewer" }), 403, 40300);
    expectError(await api("GET", "/webhook/deliveries", { key: null }), 401, 40100);
    const wrongMethod = await api("GET", `/webhook/deliveries/${delivered.id}/resend`, { role: "admin" });
    expectError(wrongMethod, 405, 40500);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expectError(await api("DELETE", "/webhook/deliveries", { role: "admin" }), 405, 40500);
    // Nothing was re-sent by the refused calls.
    expect(hooks.of(delivered.id)).toHaveLength(1);
  });
});

describe("audited: who revealed the secret, who resent a delivery", () => {
  let hooks: Receiver;
  beforeAll(async () => {
    hooks = await startReceiver();
  });
  afterAll(async () => {
    await hooks.close();
  });
  const auditOf = async (query: Record<string, string>) =>
    (await api("GET", `/audit_log?${new URLSearchParams({ page_size: "100", ...query })}`, { role: "admin" })).body.data as Array<Record<string, any>>;

  it("each reveal of the signing secret and each resend writes one audit row naming the person; refusals write none", async () => {
    const signer = await newPerson(["transfer:read", "transfer:sign"], 0);
    const reader = await newPerson(["transfer:read"], 0);
    expect((await api("GET", "/webhook/secret", { key: signer.key })).status).toBe(200);
    expectError(await api("GET", "/webhook/secret", { key: reader.key }), 403, 40300);
    const revealed = await auditOf({ action: "webhook_secret.revealed", actor_uid: signer.person.uid });
    expect(revealed).toEqual([
      { id: expect.any(String), created_at: expect.any(String), actor_uid: signer.person.uid, action: "webhook_secret.revealed", object_type: "organization", object_id: String(org(0).org_id), details: {} },
    ]);
    expect(await auditOf({ action: "webhook_secret.revealed", actor_uid: reader.person.uid })).toEqual([]);

    const intent = await createPaymentIntent({ callback_url: hooks.url });
    await payIntentOk(intent.payment_intent_id, intent.crypto_amount ?? "10");
    const delivered = await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.status === "delivered");
    expectError(await api("POST", `/webhook/deliveries/${delivered.id}/resend`, { key: reader.key }), 403, 40300);
    expect((await api("POST", `/webhook/deliveries/${delivered.id}/resend`, { key: signer.key })).status).toBe(200);
    expect(await auditOf({ action: "webhook_delivery.resent", object_id: delivered.id })).toEqual([
      {
        id: expect.any(String),
        created_at: expect.any(String),
        actor_uid: signer.person.uid,
        action: "webhook_delivery.resent",
        object_type: "webhook_delivery",
        object_id: delivered.id,
        details: { type: delivered.type, object_type: "payment_intent", object_id: intent.payment_intent_id },
      },
    ]);
  });
});

describe("the webhook signing secret", () => {
  it("an admin (transfer:sign) reads their own organization's secret, never another's; other roles get 403", async () => {
    for (const orgIndex of [0, 1] as const) {
      const response = await api("GET", "/webhook/secret", { role: "admin", orgIndex });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.body).toEqual({ code: 0, data: { secret: org(orgIndex).webhook_secret } });
    }
    expect(org(0).webhook_secret).not.toBe(org(1).webhook_secret);
    for (const role of ["finance", "approver", "viewer"] as const) {
      const error = expectError(await api("GET", "/webhook/secret", { role }), 403, 40300);
      expect(error.message).toContain("transfer:sign");
      expect(JSON.stringify(error)).not.toContain(org(0).webhook_secret);
    }
    expectError(await api("GET", "/webhook/secret", { key: null }), 401, 40100);
    const wrongMethod = await api("POST", "/webhook/secret", { role: "admin" });
    expectError(wrongMethod, 405, 40500);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
  });

  it("no deliveries list response carries the secret, whoever asks", async () => {
    const hooks = await startReceiver();
    try {
      const intent = await createPaymentIntent({ callback_url: hooks.url });
      await payIntentOk(intent.payment_intent_id, intent.crypto_amount ?? "10");
      await waitForDelivery(intent.payment_intent_id, (delivery) => delivery.status === "delivered");
      for (const role of ["admin", "viewer"] as const) {
        const response = await api("GET", `/webhook/deliveries?page_size=100`, { role });
        expect(response.status).toBe(200);
        const text = JSON.stringify(response.body);
        expect(text).toContain(intent.payment_intent_id);
        expect(text).not.toContain(org(0).webhook_secret);
        expect(text).not.toContain("whsec_");
      }
    } finally {
      await hooks.close();
    }
  });
});
