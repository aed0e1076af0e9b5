import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, countMatching, createInvoice, expectError, invoiceRequest, type Role } from "./support";

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

  it("concurrent requests with one key create exactly one invoice", async () => {
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
