// Organization-wide webhook endpoints over real HTTP: CRUD and its refusals, pattern matching, the
// Standard Webhooks envelope verified with the endpoint's own secret (the `standardwebhooks`
// package) before, during and after a rotation's overlap, and a deletion that cancels what is
// pending and stops what is new. Receivers are real HTTP servers on 127.0.0.1 (the test server
// allows private targets and retries after 1, 1 and 2 seconds).
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { api, approveInvoice, createInvoice, createPaymentIntent, expectError, getInvoice, getPaymentIntent, org, payIntentOk, type Role } from "./support";

type Endpoint = { id: string; url: string; description: string; event_types: string[]; previous_secret_expires_at: string | null; created_at: string };
type Created = Endpoint & { secret: string };
type Delivery = { id: string; type: string; object_id: string; url: string; endpoint_id: string | null; status: string; attempt_count: number; payload: any; attempts: unknown[] };

const created: string[] = [];

async function addEndpoint(body: Record<string, unknown>, role: Role = "admin"): Promise<Created> {
  const response = await api("POST", "/webhook/endpoints", { role, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  created.push(response.body.data.id);
  return response.body.data;
}

async function listEndpoints(orgIndex: 0 | 1 = 0): Promise<Endpoint[]> {
  const response = await api("GET", "/webhook/endpoints?page_size=100", { role: "admin", orgIndex });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function deliveriesTo(endpointId: string, query: Record<string, string> = {}): Promise<Delivery[]> {
  const response = await api("GET", `/webhook/deliveries?${new URLSearchParams({ endpoint_id: endpointId, page_size: "100", ...query })}`, { role: "viewer" });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function waitForDeliveries(endpointId: string, predicate: (deliveries: Delivery[]) => boolean): Promise<Delivery[]> {
  for (;;) {
    const found = await deliveriesTo(endpointId);
    if (predicate(found)) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const verifies = (secret: string, request: { body: string; headers: Record<string, string> }) => {
  try {
    new Webhook(secret).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
};

afterEach(async () => {
  // Endpoints are organization-wide: each test's go, so the next one's receivers get only its own events.
  for (const id of created.splice(0)) await api("DELETE", `/webhook/endpoints/${id}`, { role: "admin" });
});

describe("webhook endpoints: create, list, delete and their refusals", () => {
  it("an admin adds an endpoint: its secret is in that answer only, the list never carries it, and another organization sees none", async () => {
    const endpoint = await addEndpoint({ url: "https://hooks.example.test/studio", description: "Orders", event_types: ["invoice.*", "payout.approved", "invoice.*"] });
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^wep_/),
      url: "https://hooks.example.test/studio",
      description: "Orders",
      event_types: ["invoice.*", "payout.approved"],
      previous_secret_expires_at: null,
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    });
    expect(endpoint.secret).not.toBe(org(0).webhook_secret);
    const listed = await listEndpoints();
    const { secret, ...withoutSecret } = endpoint;
    expect(listed).toContainEqual(withoutSecret);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
    expect((await listEndpoints(1)).map((other) => other.id)).not.toContain(endpoint.id);
  });

  it("bad input is a 400 naming the field, and creates nothing", async () => {
    const before = (await listEndpoints()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ event_types: ["*"] }, "url"],
      [{ url: "ftp://hooks.example.test/x", event_types: ["*"] }, "url"],
      [{ url: "not a url", event_types: ["*"] }, "url"],
      [{ url: "https://user:pass@hooks.example.test/x", event_types: ["*"] }, "url"],
      [{ url: "https://hooks.example.test/x" }, "event_types"],
      [{ url: "https://hooks.example.test/x", event_types: [] }, "event_types"],
      [{ url: "https://hooks.example.test/x", event_types: ["invoice.*", "invoice.shipped"] }, "event_types.1"],
      [{ url: "https://hooks.example.test/x", event_types: ["invoices.*"] }, "event_types.0"],
      [{ url: "https://hooks.example.test/x", event_types: ["invoice.paid*"] }, "event_types.0"],
      [{ url: "https://hooks.example.test/x", event_types: "*" }, "event_types"],
      [{ url: "https://hooks.example.test/x", event_types: ["*"], description: "x".repeat(201) }, "description"],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await api("POST", "/webhook/endpoints", { role: "admin", body }), 400, 40000);
      expect(error.errors?.map((issue) => issue.field), JSON.stringify(body)).toContain(field);
    }
    const unknown = expectError(await api("POST", "/webhook/endpoints", { role: "admin", body: { url: "https://hooks.example.test/x", event_types: ["invoice.shipped"] } }), 400, 40000);
    expect(unknown.message).toContain('"invoice.shipped" is not an event type the service emits');
    expect((await listEndpoints()).length).toBe(before);
  });

  it("needs org:manage for every verb (403); another organization's endpoint is a 404 as an unknown id, and stays as it was", async () => {
    const endpoint = await addEndpoint({ url: "https://hooks.example.test/perm", event_types: ["*"] });
    for (const role of ["finance", "approver", "viewer"] as const) {
      expectError(await api("GET", "/webhook/endpoints", { role }), 403, 40300);
      expectError(await api("POST", "/webhook/endpoints", { role, body: { url: "https://hooks.example.test/y", event_types: ["*"] } }), 403, 40300);
      expectError(await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role }), 403, 40300);
      expectError(await api("DELETE", `/webhook/endpoints/${endpoint.id}`, { role }), 403, 40300);
    }
    expectError(await api("DELETE", `/webhook/endpoints/${endpoint.id}`, { role: "admin", orgIndex: 1 }), 404, 40400);
    expectError(await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", orgIndex: 1 }), 404, 40400);
    expectError(await api("DELETE", "/webhook/endpoints/wep_unknown", { role: "admin" }), 404, 40400);
    expectError(await api("GET", "/webhook/endpoints", { key: null }), 401, 40100);
    const wrongMethod = await api("GET", `/webhook/endpoints/${endpoint.id}`, { role: "admin" });
    expectError(wrongMethod, 405, 40500);
    expect(wrongMethod.headers.get("allow")).toBe("DELETE");
    expect((await listEndpoints()).find((listed) => listed.id === endpoint.id)).toMatchObject({ url: endpoint.url, previous_secret_expires_at: null });
  });

  it("a replay of the create's Idempotency-Key is 409/40903 naming the endpoint, without its secret, and makes no second one", async () => {
    const before = (await listEndpoints()).length;
    const key = `endpoint-${Math.random()}`;
    const first = await api("POST", "/webhook/endpoints", { role: "admin", headers: { "idempotency-key": key }, body: { url: "https://hooks.example.test/once", event_types: ["*"] } });
    expect(first.status).toBe(200);
    created.push(first.body.data.id);
    const replay = await api("POST", "/webhook/endpoints", { role: "admin", headers: { "idempotency-key": key }, body: { url: "https://hooks.example.test/once", event_types: ["*"] } });
    const error = expectError(replay, 409, 40903);
    expect(error.message).toContain(first.body.data.id);
    expect(JSON.stringify(replay.body)).not.toContain(first.body.data.secret);
    expect((await listEndpoints()).length).toBe(before + 1);
  });

  it("the event types the service emits are listed for any key, and each is accepted as a pattern", async () => {
    const response = await api("GET", "/webhook/event_types", { role: "viewer" });
    expect(response.status).toBe(200);
    const types = (response.body.data as Array<{ type: string }>).map((entry) => entry.type);
    expect(types).toEqual(expect.arrayContaining(["invoice.approved", "invoice.paid", "payout.approved", "payout.completed", "payment_intent.success", "invoice.payment_reversed"]));
    await addEndpoint({ url: "https://hooks.example.test/all-types", event_types: types });
  });
});

describe("webhook endpoints: what each receives", () => {
  let invoices: Receiver;
  let payouts: Receiver;
  let everything: Receiver;
  beforeAll(async () => {
    [invoices, payouts, everything] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([invoices.close(), payouts.close(), everything.close()]);
  });

  it("an approved invoice goes to `invoice.*` and `*` endpoints as a Standard Webhooks envelope signed with each one's own secret; a `payout.*` endpoint gets nothing", async () => {
    const forInvoices = await addEndpoint({ url: invoices.url, event_types: ["invoice.*"] });
    const forPayouts = await addEndpoint({ url: payouts.url, event_types: ["payout.*"] });
    const forAll = await addEndpoint({ url: everything.url, event_types: ["*"] });
    const invoice = await createInvoice();
    await approveInvoice(invoice.id);
    const current = await getInvoice(invoice.id);

    for (const [endpoint, receiver] of [[forInvoices, invoices], [forAll, everything]] as const) {
      const [delivery] = await waitForDeliveries(endpoint.id, (found) => found.some((delivery) => delivery.object_id === invoice.id && delivery.status === "delivered"));
      expect(delivery).toMatchObject({ type: "invoice.approved", object_id: invoice.id, url: receiver.url, endpoint_id: endpoint.id, status: "delivered", attempt_count: 1 });
      const [request] = receiver.of(delivery!.id);
      const event = new Webhook(endpoint.secret).verify(request!.body, request!.headers);
      expect(event).toEqual({ id: delivery!.id, type: "invoice.approved", created_at: expect.any(String), data: current });
      expect(delivery!.payload).toEqual(event);
      expect(verifies(org(0).webhook_secret, request!)).toBe(false);
    }
    expect(verifies(forInvoices.secret, everything.of((await deliveriesTo(forAll.id))[0]!.id)[0]!)).toBe(false);
    // Queued in the status change's transaction: had the payout endpoint matched, its row would be here already.
    expect(await deliveriesTo(forPayouts.id)).toEqual([]);
    expect(payouts.received).toEqual([]);
    // The record has no callback_url: the endpoints are the only receivers.
    expect((await api("GET", `/webhook/deliveries?object_id=${invoice.id}`, { role: "viewer" })).body.data.every((delivery: Delivery) => delivery.endpoint_id !== null)).toBe(true);
  });

  it("a record with a callback_url still gets its flat body there, beside the endpoint's envelope; each receiver's events keep their own order", async () => {
    const forIntents = await addEndpoint({ url: everything.url, event_types: ["payment_intent.success"] });
    const intent = await createPaymentIntent({ callback_url: invoices.url });
    await payIntentOk(intent.payment_intent_id, intent.crypto_amount);
    const current = await getPaymentIntent(intent.payment_intent_id);
    const [toEndpoint] = await waitForDeliveries(forIntents.id, (found) => found.some((delivery) => delivery.object_id === intent.payment_intent_id && delivery.status === "delivered"));
    const event = new Webhook(forIntents.secret).verify(everything.of(toEndpoint!.id)[0]!.body, everything.of(toEndpoint!.id)[0]!.headers);
    expect(event).toMatchObject({ type: "payment_intent.success", data: current });
    const all = (await api("GET", `/webhook/deliveries?object_id=${intent.payment_intent_id}`, { role: "viewer" })).body.data as Delivery[];
    const callback = all.find((delivery) => delivery.endpoint_id === null)!;
    expect(callback).toMatchObject({ url: invoices.url, type: "payment_intent.success" });
    await invoices.waitFor(() => invoices.of(callback.id).length === 1, 15_000);
    expect(new Webhook(org(0).webhook_secret).verify(invoices.of(callback.id)[0]!.body, invoices.of(callback.id)[0]!.headers)).toEqual({
      ...current,
      event_type: "payment_intent.success",
      object: "payment_intent",
    });
  });
});

describe("webhook endpoints: secret rotation", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const approvedTo = async (endpointId: string) => {
    const invoice = await createInvoice();
    await approveInvoice(invoice.id);
    const [delivery] = await waitForDeliveries(endpointId, (found) => found.some((candidate) => candidate.object_id === invoice.id && candidate.status === "delivered"));
    const requests = receiver.of(delivery!.id);
    expect(requests).toHaveLength(1);
    return requests[0]!;
  };

  it("during the overlap both the old and the new secret verify (two v1 signatures); after it, only the new one", async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ["invoice.approved"] });
    const before = await approvedTo(endpoint.id);
    expect(before.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verifies(endpoint.secret, before)).toBe(true);

    const rotated = await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", body: { expire_old_after_seconds: 3600 } });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.data.previous_secret_expires_at) - Date.now()).toBeGreaterThan(3500_000);
    const during = await approvedTo(endpoint.id);
    expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verifies(newSecret, during)).toBe(true);
    expect(verifies(endpoint.secret, during)).toBe(true);
    expect(verifies(org(0).webhook_secret, during)).toBe(false);

    // A second rotation with a short overlap: the secret it replaced signs until then, the first one no more.
    const again = await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", body: { expire_old_after_seconds: 1 } });
    expect(again.status).toBe(200);
    const newest = again.body.data.secret as string;
    const overlapEnds = Date.parse(again.body.data.previous_secret_expires_at);
    // Wait until the overlap is over as the service reports it: the list stops naming an end.
    for (;;) {
      const listed = (await listEndpoints()).find((candidate) => candidate.id === endpoint.id)!;
      if (listed.previous_secret_expires_at === null && Date.now() > overlapEnds) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await approvedTo(endpoint.id);
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verifies(newest, after)).toBe(true);
    expect(verifies(newSecret, after)).toBe(false);
    expect(verifies(endpoint.secret, after)).toBe(false);
  });

  it("expire_old_after_seconds 0 retires the old secret at once; the default overlap is 24 hours; bad values are 400 naming the field", async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ["invoice.approved"] });
    const atOnce = await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", body: { expire_old_after_seconds: 0 } });
    expect(atOnce.status).toBe(200);
    expect(atOnce.body.data.previous_secret_expires_at).toBeNull();
    const request = await approvedTo(endpoint.id);
    expect(verifies(atOnce.body.data.secret, request)).toBe(true);
    expect(verifies(endpoint.secret, request)).toBe(false);

    const byDefault = await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin" });
    expect(byDefault.status).toBe(200);
    const overlap = Date.parse(byDefault.body.data.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);

    for (const value of [-1, 1.5, "60", 8 * 24 * 3600]) {
      const error = expectError(await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", body: { expire_old_after_seconds: value } }), 400, 40000);
      expect(error.errors?.map((issue) => issue.field)).toEqual(["expire_old_after_seconds"]);
    }
    // The refused rotations changed nothing: the default rotation's secret still signs, with the one it replaced.
    const still = await approvedTo(endpoint.id);
    expect(verifies(byDefault.body.data.secret, still)).toBe(true);
    expect(verifies(atOnce.body.data.secret, still)).toBe(true);
  });

  it("a replayed rotation is 409/40903 and rotates nothing", async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ["invoice.approved"] });
    const key = `rotate-${Math.random()}`;
    const first = await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", headers: { "idempotency-key": key }, body: { expire_old_after_seconds: 0 } });
    expect(first.status).toBe(200);
    const replay = await api("POST", `/webhook/endpoints/${endpoint.id}/rotate_secret`, { role: "admin", headers: { "idempotency-key": key }, body: { expire_old_after_seconds: 0 } });
    expectError(replay, 409, 40903);
    expect(JSON.stringify(replay.body)).not.toContain(first.body.data.secret);
    expect(verifies(first.body.data.secret, await approvedTo(endpoint.id))).toBe(true);
  });
});

describe("webhook endpoints: deletion", () => {
  let failing: Receiver;
  let healthy: Receiver;
  beforeAll(async () => {
    failing = await startReceiver(() => ({ status: 500 }));
    healthy = await startReceiver();
  });
  afterAll(async () => {
    await Promise.all([failing.close(), healthy.close()]);
  });

  it("a deleted endpoint's pending deliveries are cancelled and never sent again, it gets nothing new, and its deliveries cannot be resent", async () => {
    const doomed = await addEndpoint({ url: failing.url, event_types: ["invoice.*"] });
    const witness = await addEndpoint({ url: healthy.url, event_types: ["invoice.*"] });
    const invoice = await createInvoice();
    await approveInvoice(invoice.id);
    // The failing receiver has been tried at least once and the delivery waits for its retry.
    const [pending] = await waitForDeliveries(doomed.id, (found) => found.some((delivery) => delivery.attempt_count >= 1 && delivery.status === "pending"));

    const deleted = await api("DELETE", `/webhook/endpoints/${doomed.id}`, { role: "admin" });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: doomed.id, deleted_at: expect.any(String), cancelled_deliveries: 1 });
    expect((await listEndpoints()).map((endpoint) => endpoint.id)).not.toContain(doomed.id);
    const [cancelled] = await deliveriesTo(doomed.id);
    expect(cancelled).toMatchObject({ id: pending!.id, status: "cancelled" });
    expect((await deliveriesTo(doomed.id, { status: "cancelled" })).map((delivery) => delivery.id)).toEqual([pending!.id]);

    // New events reach the live endpoint only.
    const later = await createInvoice();
    await approveInvoice(later.id);
    expect((await deliveriesTo(doomed.id)).map((delivery) => delivery.id)).toEqual([pending!.id]);
    await waitForDeliveries(witness.id, (found) => found.some((delivery) => delivery.object_id === later.id && delivery.status === "delivered"));
    // Past the failing receiver's retry times (1 s, then 1 s): the dispatcher sent it no more than it logged.
    const logged = (await deliveriesTo(doomed.id))[0]!;
    expect(logged.status).toBe("cancelled");
    expect(failing.of(pending!.id).length).toBe(logged.attempts.length);

    expectError(await api("POST", `/webhook/deliveries/${pending!.id}/resend`, { role: "admin" }), 409, 40900);
    expectError(await api("DELETE", `/webhook/endpoints/${doomed.id}`, { role: "admin" }), 404, 40400);
    expectError(await api("POST", `/webhook/endpoints/${doomed.id}/rotate_secret`, { role: "admin" }), 404, 40400);
    created.splice(created.indexOf(doomed.id), 1);
  });
});
