import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createInvoice, listInvoices, useDemoOrganizations } from "./support";
import { STATUS_CATEGORY, INVOICE_STATUSES } from "@/lib/studio/invoices/status";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";

// About the demo seed's own rows: the demo organizations, not the file's own.
useDemoOrganizations();

// Five invoices that share a tag in organization_name, created one after another so that the
// list's newest-first order is their reverse creation order.
const tag = `lst${randomUUID().slice(0, 8)}`;
const created: any[] = [];
const ids = () => created.map((invoice) => invoice.id);
const newestFirst = () => [...ids()].reverse();

async function idsFor(query: Record<string, string | number | undefined>) {
  const response = await listInvoices({ page_size: 100, ...query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((row: any) => row.id) as string[];
}

beforeAll(async () => {
  const variants: Array<Record<string, unknown>> = [
    { recipient_name: `Ada 50% ${tag}`, payment_method_type: "crypto" },
    { recipient_name: `Ada 50x ${tag}`, payment_method_type: "fiat" },
    { recipient_name: `Bo_b ${tag}`, pricing_mode: "fiat", currency: "USD", amount: "125.50" },
    { recipient_name: `Boxb ${tag}`, chain: "tron", pay_token: "USDT" },
    { recipient_name: `Cy ${tag}`, recipient_email: `cy.${tag}@Example.test` },
  ];
  for (const variant of variants) {
    created.push(await createInvoice({ overrides: { organization_name: `Org ${tag}`, ...variant } }));
    // Distinct created_at values for the date filters.
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
});

describe("GET /invoice/intents: order and paging", () => {
  it("returns the rows newest first, in a stable order", async () => {
    expect(await idsFor({ search: tag })).toEqual(newestFirst());
    expect(await idsFor({ search: tag })).toEqual(newestFirst());
  });

  it("defaults to page 1 of 20 and reports the total", async () => {
    const response = await listInvoices({});
    expect(response.body.paging).toMatchObject({ page_number: 1, page_size: 20 });
    expect(response.body.data).toHaveLength(20);
    expect(response.body.paging.total_count).toBeGreaterThanOrEqual(200);
    const tagged = await listInvoices({ search: tag });
    expect(tagged.body.paging).toEqual({ page_number: 1, page_size: 20, total_count: 5, next_starting_after: null });
  });

  it("pages through the rows without gaps or repeats; past the end is an empty page", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await listInvoices({ search: tag, page, page_size: 2 });
      const pageIds = response.body.data.map((row: any) => row.id);
      // The next page's cursor is this page's last row, and none after the last page.
      expect(response.body.paging).toEqual({ page_number: page, page_size: 2, total_count: 5, next_starting_after: page < 3 ? pageIds[1] : null });
      pages.push(...pageIds);
    }
    expect(pages).toEqual(newestFirst());
    const beyond = await listInvoices({ search: tag, page: 4, page_size: 2 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.paging).toEqual({ page_number: 4, page_size: 2, total_count: 5, next_starting_after: null });
  });

  it("list records are the same records GET returns", async () => {
    const response = await listInvoices({ search: tag, page_size: 1 });
    expect(response.body.data[0]).toEqual(created[4]);
  });
});

describe("GET /invoice/intents: filters", () => {
  it("recipient_email matches exactly, ignoring case", async () => {
    expect(await idsFor({ recipient_email: created[0].recipient_email })).toEqual([created[0].id]);
    expect(await idsFor({ recipient_email: created[4].recipient_email.toUpperCase() })).toEqual([created[4].id]);
    expect(await idsFor({ recipient_email: created[0].recipient_email.slice(1) })).toEqual([]);
  });

  it("invoice_id matches the human-readable id exactly", async () => {
    expect(await idsFor({ invoice_id: created[1].invoice_id })).toEqual([created[1].id]);
    expect(await idsFor({ invoice_id: created[1].invoice_id.slice(0, -1) })).toEqual([]);
  });

  it("payment_intent_id matches the nested payment intent", async () => {
    expect(await idsFor({ payment_intent_id: created[2].payment_intent.payment_intent_id })).toEqual([created[2].id]);
    expect(await idsFor({ payment_intent_id: "pi_unknown" })).toEqual([]);
  });

  it("settlement_type filters on payment_method_type", async () => {
    expect(await idsFor({ search: tag, settlement_type: "fiat" })).toEqual([created[1].id]);
    expect(await idsFor({ search: tag, settlement_type: "crypto" })).toEqual(
      newestFirst().filter((id) => id !== created[1].id),
    );
  });

  it.each([
    ["the intent id", () => created[3].id, [3]],
    ["the invoice_id", () => created[3].invoice_id, [3]],
    ["the payment intent id", () => created[3].payment_intent.payment_intent_id, [3]],
    ["the recipient name", () => `Boxb ${tag}`, [3]],
    ["the recipient email, any case", () => created[4].recipient_email.toUpperCase(), [4]],
    ["the organization name", () => `Org ${tag}`, [4, 3, 2, 1, 0]],
    ["the organization email", () => created[2].organization_email, [2]],
  ])("search finds %s", async (_label, term, expected) => {
    const found = (await idsFor({ search: (term as () => string)() })).filter((id) => ids().includes(id));
    expect(found).toEqual((expected as number[]).map((index) => created[index].id));
  });

  it("search treats % and _ literally", async () => {
    const percent = await idsFor({ search: `50% ${tag}` });
    expect(percent).toEqual([created[0].id]);
    const underscore = await idsFor({ search: `Bo_b ${tag}` });
    expect(underscore).toEqual([created[2].id]);
    expect(await idsFor({ search: `Bo\\b ${tag}` })).toEqual([]);
    expect(await idsFor({ search: "%" })).not.toContain(created[1].id);
  });

  it("created_after is inclusive, created_before exclusive", async () => {
    const middle = created[2].created_at;
    expect(await idsFor({ search: tag, created_after: middle })).toEqual([created[4].id, created[3].id, created[2].id]);
    expect(await idsFor({ search: tag, created_before: middle })).toEqual([created[1].id, created[0].id]);
    expect(await idsFor({ search: tag, created_after: created[1].created_at, created_before: created[3].created_at })).toEqual([
      created[2].id,
      created[1].id,
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await idsFor({ search: tag, created_after: tomorrow })).toEqual([]);
    expect(await idsFor({ search: tag, created_before: tomorrow })).toHaveLength(5);
  });

  it("status filters the exact status", async () => {
    expect(await idsFor({ search: tag, status: "approval_pending" })).toEqual(newestFirst());
    expect(await idsFor({ search: tag, status: "approved" })).toEqual([]);
  });

  it("status_category filters the group", async () => {
    expect(await idsFor({ search: tag, status_category: "pending_review" })).toEqual(newestFirst());
    expect(await idsFor({ search: tag, status_category: "closed" })).toEqual([]);
  });

  it("status and status_category together: both must hold", async () => {
    expect(await idsFor({ search: tag, status: "approval_pending", status_category: "closed" })).toEqual([]);
    expect(await idsFor({ search: tag, status: "approval_pending", status_category: "pending_review" })).toEqual(
      newestFirst(),
    );
  });

  it("every returned row really has the filtered status, over the whole organization", async () => {
    // The demo seed drives rows into every status, so none of these loops is vacuous.
    for (const status of INVOICE_STATUSES) {
      const response = await listInvoices({ status, page_size: 100 });
      expect(response.body.data.length, status).toBeGreaterThan(0);
      for (const row of response.body.data) expect(row.status).toBe(status);
    }
    for (const category of STATUS_CATEGORIES) {
      const response = await listInvoices({ status_category: category, page_size: 100 });
      expect(response.body.data.length, category).toBeGreaterThan(0);
      for (const row of response.body.data) {
        expect(STATUS_CATEGORY[row.status as keyof typeof STATUS_CATEGORY]).toBe(category);
        expect(row.status_category).toBe(category);
      }
    }
  });
});

describe("GET /invoice/intents: counts", () => {
  it("has exactly one key per status_category", async () => {
    const response = await listInvoices({ search: tag });
    expect(Object.keys(response.body.counts).sort()).toEqual([...STATUS_CATEGORIES].sort());
    expect(response.body.counts).toEqual({ pending_review: 5, awaiting_payment: 0, action_required: 0, completed: 0, closed: 0 });
  });

  it("ignores status and status_category so the tabs keep their numbers", async () => {
    const all = await listInvoices({ search: tag });
    for (const query of [{ status: "approved" }, { status_category: "closed" }, { status: "approval_pending" }]) {
      const response = await listInvoices({ search: tag, ...query });
      expect(response.body.counts).toEqual(all.body.counts);
    }
    const closed = await listInvoices({ search: tag, status_category: "closed" });
    expect(closed.body.paging.total_count).toBe(0);
  });

  it("honours every other filter", async () => {
    const fiat = await listInvoices({ search: tag, settlement_type: "fiat" });
    expect(fiat.body.counts.pending_review).toBe(1);
    const one = await listInvoices({ recipient_email: created[0].recipient_email });
    expect(one.body.counts.pending_review).toBe(1);
    const late = await listInvoices({ search: tag, created_after: created[3].created_at });
    expect(late.body.counts.pending_review).toBe(2);
  });

  it("over the whole organization: counts sum to the total, and each category tab's total is its count", async () => {
    // Each assertion compares numbers from one response, so parallel tests and the expiry
    // sweeper moving rows between categories cannot make it flaky.
    const all = await listInvoices({ page_size: 1 });
    const sum = Object.values(all.body.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(all.body.paging.total_count);
    for (const category of STATUS_CATEGORIES) {
      const filtered = await listInvoices({ status_category: category, page_size: 1 });
      expect(filtered.body.paging.total_count).toBe(filtered.body.counts[category]);
    }
    for (const status of ["approval_pending", "approved", "signed"]) {
      const filtered = await listInvoices({ status, page_size: 1 });
      const category = STATUS_CATEGORY[status as keyof typeof STATUS_CATEGORY];
      expect(filtered.body.paging.total_count).toBeLessThanOrEqual(filtered.body.counts[category]);
    }
  });
});
