// Double clicks and retries through the console act once: the console routes pass the browser's
// Idempotency-Key to the Studio, which replays the first answer to a repeat.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { baseUrl, createInvoice, person, studio, type InvoiceRecord, type Role } from "./support";

const ORIGIN = { Origin: baseUrl };
const REFUND_ADDRESS = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";

type Playwright = { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } };

async function session(playwright: Playwright, role: Role): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const user = person(role);
  const response = await context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return context;
}

/** The status log as the console shows it. */
async function logs(context: APIRequestContext, invoiceId: string): Promise<Array<{ from_status: string; to_status: string }>> {
  const response = await context.get(`/api/invoices/${invoiceId}/logs`);
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

/** Sends the same request `times` times at once through a console route with one key. */
async function sameActionAtOnce(context: APIRequestContext, path: string, key: string, data: unknown = {}, times = 2) {
  const responses = await Promise.all(
    Array.from({ length: times }, () => context.post(path, { headers: { ...ORIGIN, "Idempotency-Key": key }, data })),
  );
  return Promise.all(responses.map(async (response) => ({ status: response.status(), body: await response.json() })));
}

test.describe("the console routes pass the Idempotency-Key on", () => {
  test("the same approve twice at once acts once: both get the one answer, one new log row", async ({ playwright }) => {
    const invoice = await createInvoice();
    const approver = await session(playwright, "approver");
    const before = await logs(approver, invoice.id);
    const key = randomUUID();

    const [first, second] = await sameActionAtOnce(approver, `/api/invoices/${invoice.id}/approve`, key);
    expect(first!.status, JSON.stringify(first!.body)).toBe(200);
    expect(second!.status, JSON.stringify(second!.body)).toBe(200);
    expect(first!.body.data.status).toBe("approved");
    expect(second!.body).toEqual(first!.body);

    const after = await logs(approver, invoice.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ from_status: "approval_pending", to_status: "approved" });

    // Later the same key is still that one action; on another action it is refused as a different request.
    const [replayed] = await sameActionAtOnce(approver, `/api/invoices/${invoice.id}/approve`, key, {}, 1);
    expect(replayed).toEqual(first);
    const [misused] = await sameActionAtOnce(approver, `/api/invoices/${invoice.id}/reject`, key, { reason: "changed my mind" }, 1);
    expect(misused!.status).toBe(409);
    expect(misused!.body.code).toBe(40902);
    expect(await logs(approver, invoice.id)).toHaveLength(before.length + 1);
    await approver.dispose();
  });

  test("the same sandbox payment and then the same refund twice at once each act once", async ({ playwright }) => {
    const invoice = await createInvoice();
    const approved = await studio<InvoiceRecord>("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
    const admin = await session(playwright, "admin");
    const amount = approved.payment_intent.crypto_amount as string;

    const paid = await sameActionAtOnce(admin, "/api/sandbox/pay", randomUUID(), { payment_intent_id: approved.payment_intent.payment_intent_id, amount });
    expect(paid.map((response) => response.status)).toEqual([200, 200]);
    expect(paid[1]!.body).toEqual(paid[0]!.body);
    const afterPay = await studio<InvoiceRecord>("GET", `/invoice/intent/${invoice.id}`, "viewer");
    expect(afterPay.status).toBe("paid");
    // Received once, not twice.
    expect(Number(afterPay.payment_intent.received_crypto_amount)).toBe(Number(amount));
    const before = await logs(admin, invoice.id);

    const refund = { refund_address: REFUND_ADDRESS, refund_reason: "Paid by mistake", refund_attachments: [] };
    const [first, second] = await sameActionAtOnce(admin, `/api/invoices/${invoice.id}/refund`, randomUUID(), refund);
    expect(first!.status, JSON.stringify(first!.body)).toBe(200);
    expect(second!.status, JSON.stringify(second!.body)).toBe(200);
    expect(first!.body.data.status).toBe("refunded");
    expect(second!.body).toEqual(first!.body);
    const after = await logs(admin, invoice.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ from_status: "paid", to_status: "refunded" });
    await admin.dispose();
  });

  test("a malformed key is refused with 400 and changes nothing; no key still works", async ({ playwright }) => {
    const invoice = await createInvoice();
    const approver = await session(playwright, "approver");
    for (const key of ["x".repeat(256), "tab\tin key"]) {
      const response = await approver.post(`/api/invoices/${invoice.id}/approve`, { headers: { ...ORIGIN, "Idempotency-Key": key }, data: {} });
      expect(response.status(), key).toBe(400);
      expect(await response.json()).toMatchObject({ code: 40000, errors: [{ field: "Idempotency-Key" }] });
    }
    expect((await studio("GET", `/invoice/intent/${invoice.id}`, "viewer")).status).toBe("approval_pending");
    // An older page that sends no key.
    const response = await approver.post(`/api/invoices/${invoice.id}/approve`, { headers: ORIGIN, data: {} });
    expect(response.status()).toBe(200);
    await approver.dispose();
  });
});

test.describe("the console's own pages", () => {
  /** The Idempotency-Key of every POST the page sends to `path`. */
  function keysSentTo(requests: Request[], path: string): Array<string | undefined> {
    return requests.filter((request) => request.method() === "POST" && new URL(request.url()).pathname === path).map((request) => request.headers()["idempotency-key"]);
  }

  test("a double click on Confirm approve approves once", async ({ as }) => {
    const invoice = await createInvoice();
    const approver = await as("approver");
    const requests: Request[] = [];
    approver.page.on("request", (request) => requests.push(request));
    await approver.detail.goto(invoice.id);
    await approver.detail.action("Approve").click();
    await approver.detail.dialog().getByRole("button", { name: /Confirm approve/ }).dblclick();
    await approver.detail.expectStatus("Approved");
    await expect(approver.detail.dialog()).toHaveCount(0);
    await expect(approver.detail.toast("Invoice approved")).toHaveCount(1);

    const keys = keysSentTo(requests, `/api/invoices/${invoice.id}/approve`);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    const log = await studio<Array<{ to_status: string }>>("GET", `/invoice/intent/${invoice.id}/logs`, "viewer");
    expect(log.filter((row) => row.to_status === "approved")).toHaveLength(1);
    // The timeline shows the new row without a reload.
    await expect(approver.detail.timelineEntries().last()).toContainText("Pending approval → Approved");
  });

  test("confirming again after the answer was lost sends the same key: one approval, and it succeeds", async ({ as }) => {
    const invoice = await createInvoice();
    const approver = await as("approver");
    const path = `/api/invoices/${invoice.id}/approve`;
    const keys: string[] = [];
    let lost = 0;
    await approver.page.route(
      (url) => url.pathname === path,
      async (route) => {
        keys.push(route.request().headers()["idempotency-key"] ?? "");
        if (lost > 0) return route.continue();
        // The console and the Studio act, then the connection drops before the answer arrives.
        lost += 1;
        expect((await route.fetch()).status()).toBe(200);
        await route.abort("connectionreset");
      },
    );
    await approver.detail.goto(invoice.id);
    await approver.detail.action("Approve").click();
    await approver.detail.confirm(/Confirm approve/);
    await expect(approver.detail.dialog().getByRole("alert")).toHaveText(/did not complete/);
    await approver.detail.confirm(/Confirm approve/);
    await expect(approver.detail.toast("Invoice approved")).toBeVisible();
    await approver.detail.expectStatus("Approved");

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const log = await studio<Array<{ to_status: string }>>("GET", `/invoice/intent/${invoice.id}/logs`, "viewer");
    expect(log.filter((row) => row.to_status === "approved")).toHaveLength(1);
  });
});
