import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseUnits } from "@/lib/studio/core/money";
import {
  api,
  approvedInvoice,
  approvedPayout,
  countMatching,
  countPayoutsMatching,
  createInvoice,
  createPayout,
  expectError,
  fundPayoutOk,
  getInvoice,
  getPayout,
  invoiceLogs,
  invoiceRequest,
  payOk,
  payoutLogs,
  payoutRequest,
  RACE_MODE,
  REFUND_ADDRESS,
  type Role,
} from "./support";

function create(key: string, body: unknown, role: Role = "finance", orgIndex: 0 | 1 = 0) {
  return api("POST", "/invoice/intent", { role, orgIndex, body, headers: { "Idempotency-Key": key } });
}

describe("Idempotency-Key on POST", () => {
  it("a replay returns the first response, marked Idempotent-Replayed, and creates nothing new", async () => {
    const key = randomUUID();
    const request = invoiceRequest();
    const first = await create(key, request);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const second = await create(key, request);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("x-request-id")).toBeTruthy();
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await countMatching(request.recipient_email)).toBe(1);
  });

  it(`concurrent requests with one key create exactly one invoice ${RACE_MODE}`, async () => {
    const key = randomUUID();
    const request = invoiceRequest();
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(key, request)));
    for (const response of responses) {
      if (response.status !== 200) expectError(response, 409, 40901);
    }
    const created = new Set(responses.filter((r) => r.status === 200).map((r) => r.body.data.id));
    expect(created.size).toBe(1);
    expect(await countMatching(request.recipient_email)).toBe(1);
  });

  it("the same key with a different body → 409/40902, and the second body is not created", async () => {
    const key = randomUUID();
    const first = invoiceRequest();
    expect((await create(key, first)).status).toBe(200);
    const other = invoiceRequest();
    const error = expectError(await create(key, other), 409, 40902);
    expect(error.message).toContain("Idempotency-Key");
    expect(await countMatching(other.recipient_email)).toBe(0);
  });

  it("the same key on another endpoint is a different request → 409/40902", async () => {
    const key = randomUUID();
    const invoice = await createInvoice();
    expect((await create(key, invoiceRequest())).status).toBe(200);
    const cancel = await api("POST", `/invoice/intent/${invoice.id}/cancel`, {
      role: "finance",
      body: {},
      headers: { "Idempotency-Key": key },
    });
    expectError(cancel, 409, 40902);
  });

  it("keys are scoped per API user: another user may use the same key for its own request", async () => {
    const key = randomUUID();
    const mine = invoiceRequest();
    const theirs = invoiceRequest();
    expect((await create(key, mine, "finance")).status).toBe(200);
    const admin = await create(key, theirs, "admin");
    expect(admin.status).toBe(200);
    expect(admin.headers.get("idempotent-replayed")).toBeNull();
    const otherOrg = await create(key, theirs, "finance", 1);
    expect(otherOrg.status).toBe(200);
    expect(otherOrg.headers.get("idempotent-replayed")).toBeNull();
    expect(await countMatching(theirs.recipient_email)).toBe(1);
    expect(await countMatching(theirs.recipient_email, 1)).toBe(1);
  });

  it("a refused request does not use up the key: fixing the body and retrying creates it", async () => {
    const key = randomUUID();
    const request = invoiceRequest();
    expectError(await create(key, { ...request, amount: "1" }), 400, 40000);
    const retried = await create(key, request);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["256 characters", "k".repeat(256)],
  ])("a key that is %s → 400/40000 naming Idempotency-Key", async (_label, key) => {
    const request = invoiceRequest();
    const error = expectError(await create(key, request), 400, 40000);
    expect(error.errors?.[0]?.field).toBe("Idempotency-Key");
    expect(await countMatching(request.recipient_email)).toBe(0);
  });

  it("a 255-character key is accepted", async () => {
    expect((await create("k".repeat(254) + randomUUID().slice(0, 1), invoiceRequest())).status).toBe(200);
  });

  it("is not applied to PUT: the header is ignored there", async () => {
    const invoice = await createInvoice();
    const key = randomUUID();
    for (const description of ["first", "second"]) {
      const response = await api("PUT", `/invoice/intent/${invoice.id}`, {
        role: "finance",
        body: { description },
        headers: { "Idempotency-Key": key },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.description).toBe(description);
    }
  });
});

// Every POST verb of both owners, one table: the same key and body replays the first answer and
// does nothing again; the same key with another request is 409/40902 and does nothing either.
type Sent = { path: string; body?: unknown };
type VerbCase = {
  verb: string;
  role: Role;
  /** A record ready for the verb: the request, another request under the same key, and a count of
   * the verb's effects (log rows, records, funds) that must be 1 after the first and stay 1. */
  prepare(): Promise<{ request: Sent; other: Sent; effects(): Promise<number> }>;
};

const statusLogCount = async (kind: "invoice" | "payout", id: string, toStatus: string) =>
  (kind === "invoice" ? await invoiceLogs(id) : await payoutLogs(id)).filter((log) => log.to_status === toStatus).length;
const refund = (reason: string) => ({ refund_address: REFUND_ADDRESS.evm, refund_reason: reason, refund_attachments: [] });
/** How many times `amount` the record holds: a replayed deposit would make it 2. */
const depositsOf = (record: { payment_intent: { received_crypto_amount: string | null } }, amount: string) =>
  Number(parseUnits(record.payment_intent.received_crypto_amount ?? "0", 6) / parseUnits(amount, 6));

const VERBS: VerbCase[] = [
  {
    verb: "invoice create",
    role: "finance",
    async prepare() {
      const [body, other] = [invoiceRequest(), invoiceRequest()];
      return {
        request: { path: "/invoice/intent", body },
        other: { path: "/invoice/intent", body: other },
        effects: async () => (await countMatching(body.recipient_email)) + (await countMatching(other.recipient_email)),
      };
    },
  },
  {
    verb: "invoice approve",
    role: "approver",
    async prepare() {
      const [invoice, another] = [await createInvoice(), await createInvoice()];
      return {
        request: { path: `/invoice/intent/${invoice.id}/approve` },
        other: { path: `/invoice/intent/${another.id}/approve` },
        effects: async () => (await statusLogCount("invoice", invoice.id, "approved")) + (await statusLogCount("invoice", another.id, "approved")),
      };
    },
  },
  {
    verb: "invoice reject",
    role: "approver",
    async prepare() {
      const invoice = await createInvoice();
      const path = `/invoice/intent/${invoice.id}/reject`;
      return { request: { path, body: { reason: "duplicate" } }, other: { path, body: { reason: "other" } }, effects: () => statusLogCount("invoice", invoice.id, "rejected") };
    },
  },
  {
    verb: "invoice cancel",
    role: "finance",
    async prepare() {
      const invoice = await createInvoice();
      const path = `/invoice/intent/${invoice.id}/cancel`;
      return { request: { path, body: { reason: "not needed" } }, other: { path, body: { reason: "other" } }, effects: () => statusLogCount("invoice", invoice.id, "cancelled") };
    },
  },
  {
    verb: "invoice sign",
    role: "admin",
    async prepare() {
      const invoice = await approvedInvoice();
      await payOk(invoice.payment_intent.payment_address, "125.5");
      const path = `/invoice/intent/${invoice.id}/sign`;
      return { request: { path, body: {} }, other: { path, body: { refund_address: REFUND_ADDRESS.evm } }, effects: () => statusLogCount("invoice", invoice.id, "signed") };
    },
  },
  {
    verb: "invoice refund",
    role: "admin",
    async prepare() {
      const invoice = await approvedInvoice();
      await payOk(invoice.payment_intent.payment_address, "125.5");
      const path = `/invoice/intent/${invoice.id}/refund`;
      return { request: { path, body: refund("returned") }, other: { path, body: refund("other") }, effects: () => statusLogCount("invoice", invoice.id, "refunded") };
    },
  },
  {
    verb: "sandbox pay (invoice)",
    role: "admin",
    async prepare() {
      const invoice = await approvedInvoice();
      const address = invoice.payment_intent.payment_address;
      return {
        request: { path: "/sandbox/pay", body: { payment_address: address, amount: "20" } },
        other: { path: "/sandbox/pay", body: { payment_address: address, amount: "21" } },
        effects: async () => depositsOf(await getInvoice(invoice.id), "20"),
      };
    },
  },
  {
    verb: "payout create",
    role: "finance",
    async prepare() {
      const [body, other] = [payoutRequest(), payoutRequest()];
      return {
        request: { path: "/payout/intent", body },
        other: { path: "/payout/intent", body: other },
        effects: async () =>
          (await countPayoutsMatching(body.recipient_email as string)) + (await countPayoutsMatching(other.recipient_email as string)),
      };
    },
  },
  {
    verb: "payout approve",
    role: "approver",
    async prepare() {
      const [payout, another] = [await createPayout(), await createPayout()];
      return {
        request: { path: `/payout/intent/${payout.id}/approve` },
        other: { path: `/payout/intent/${another.id}/approve` },
        effects: async () => (await statusLogCount("payout", payout.id, "approved")) + (await statusLogCount("payout", another.id, "approved")),
      };
    },
  },
  {
    verb: "payout reject",
    role: "approver",
    async prepare() {
      const payout = await createPayout();
      const path = `/payout/intent/${payout.id}/reject`;
      return { request: { path, body: { reason: "duplicate" } }, other: { path, body: { reason: "other" } }, effects: () => statusLogCount("payout", payout.id, "rejected") };
    },
  },
  {
    verb: "payout refund",
    role: "admin",
    async prepare() {
      const payout = await approvedPayout();
      await fundPayoutOk(payout, "25");
      const path = `/payout/intent/${payout.id}/refund`;
      return { request: { path, body: refund("short") }, other: { path, body: refund("other") }, effects: () => statusLogCount("payout", payout.id, "refunded") };
    },
  },
  {
    verb: "sandbox pay (payout, by payment intent)",
    role: "admin",
    async prepare() {
      const payout = await approvedPayout();
      const path = `/sandbox/payment_intent/${payout.payment_intent.payment_intent_id}/pay`;
      return { request: { path, body: { amount: "30" } }, other: { path, body: { amount: "31" } }, effects: async () => depositsOf(await getPayout(payout.id), "30") };
    },
  },
  {
    verb: "sandbox pay (payout, by address)",
    role: "admin",
    async prepare() {
      const payout = await approvedPayout();
      const address = payout.payment_intent.payment_address;
      return {
        request: { path: "/sandbox/pay", body: { payment_address: address, amount: "30" } },
        other: { path: "/sandbox/pay", body: { payment_address: address, amount: "31" } },
        effects: async () => depositsOf(await getPayout(payout.id), "30"),
      };
    },
  },
];

describe("Idempotency-Key on every POST verb", () => {
  it.each(VERBS.map((verb) => [verb.verb, verb] as const))("%s: a replay answers the first response once; another request under the key → 409/40902", async (_name, verb) => {
    const { request, other, effects } = await verb.prepare();
    const key = randomUUID();
    const send = (sent: Sent) => api("POST", sent.path, { role: verb.role, body: sent.body, headers: { "Idempotency-Key": key } });
    const first = await send(request);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await effects()).toBe(1);

    const replay = await send(request);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await effects()).toBe(1);

    expect(expectError(await send(other), 409, 40902).message).toContain("Idempotency-Key");
    expect(await effects()).toBe(1);
  });
});
