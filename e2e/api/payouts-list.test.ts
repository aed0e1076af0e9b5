// GET /payout/intents: newest first, paging, every filter, and the per-category counts. Every
// assertion is scoped to the payouts this file created (a shared tag), never to other rows.
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, approvePayout, createPayout, fundPayoutOk, listPayouts, useDemoOrganizations } from "./support";

// About the demo seed's own rows: the demo organizations, not the file's own.
useDemoOrganizations();

const STATUS_CATEGORIES = ["pending_review", "awaiting_payment", "action_required", "completed", "closed"];
const CATEGORY: Record<string, string> = {
  approval_pending: "pending_review",
  approved: "awaiting_payment",
  rejected: "closed",
  expired: "closed",
  completed: "completed",
  underfunded: "action_required",
  payment_review: "action_required",
  refunded: "completed",
};

// Six payouts sharing a tag in organization_name, created one after another (newest first is their
// reverse creation order), then moved to six different statuses.
const tag = `plst${randomUUID().slice(0, 8)}`;
const creatorA = `Creator A ${tag}`;
const creatorB = `Creator B ${tag}`;
const target = `0x${randomBytes(20).toString("hex")}`; // all lower-case: valid without a checksum
const created: any[] = [];
const ids = () => created.map((payout) => payout.id);
const newestFirst = () => [...ids()].reverse();
const expectedStatus = ["approval_pending", "approval_pending", "approved", "rejected", "completed", "underfunded"];

async function idsFor(query: Record<string, string | number | undefined>) {
  const response = await listPayouts({ page_size: 100, ...query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((row: any) => row.id) as string[];
}

beforeAll(async () => {
  const variants: Array<Record<string, unknown>> = [
    { recipient_name: `Ada 50% ${tag}`, creator: creatorA },
    { recipient_name: `Bo_b ${tag}`, creator: creatorA, pricing_mode: "fiat", currency: "USD", amount: "100.00", exact_out_amount: "99.00" },
    { recipient_name: `Boxb ${tag}`, creator: creatorB, payout_target_address: target },
    { recipient_name: `Cy ${tag}`, creator: creatorB, recipient_email: `cy.${tag}@Example.test` },
    { recipient_name: `Di ${tag}`, creator: creatorB },
    { recipient_name: `Ed ${tag}`, creator: creatorB, chain: "tron", pay_token: "USDT", payout_target_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
  ];
  for (const variant of variants) {
    created.push(await createPayout({ overrides: { organization_name: `Payee Org ${tag}`, ...variant } }));
    await new Promise((resolve) => setTimeout(resolve, 15)); // distinct created_at values
  }
  await approvePayout(created[2].id);
  await api("POST", `/payout/intent/${created[3].id}/reject`, { role: "approver", body: { reason: "no" } });
  await fundPayoutOk(await approvePayout(created[4].id), "100");
  await fundPayoutOk(await approvePayout(created[5].id), "1");
  for (const [index, payout] of created.entries()) {
    const response = await api("GET", `/payout/intent/${payout.id}`, { role: "viewer" });
    created[index] = response.body.data;
    expect(created[index].status).toBe(expectedStatus[index]);
  }
});

describe("GET /payout/intents: order and paging", () => {
  it("returns the rows newest first, in a stable order", async () => {
    expect(await idsFor({ search: tag })).toEqual(newestFirst());
    expect(await idsFor({ search: tag })).toEqual(newestFirst());
  });

  it("defaults to page 1 of 20 and reports the total", async () => {
    const all = await listPayouts({});
    expect(all.status).toBe(200);
    expect(all.body.code).toBe(0);
    expect(all.body.paging).toMatchObject({ page_number: 1, page_size: 20 });
    expect(all.body.data.length).toBeLessThanOrEqual(20);
    const tagged = await listPayouts({ search: tag });
    expect(tagged.body.paging).toEqual({ page_number: 1, page_size: 20, total_count: 6, next_starting_after: null });
    expect(tagged.body.data).toHaveLength(6);
  });

  it("pages through without gaps or repeats; past the end is an empty page with the total", async () => {
    const pages: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await listPayouts({ search: tag, page, page_size: 2 });
      expect(response.body.paging).toEqual({
        page_number: page, page_size: 2, total_count: 6, next_starting_after: page < 3 ? response.body.data[1].id : null,
      });
      expect(response.body.data).toHaveLength(2);
      pages.push(...response.body.data.map((row: any) => row.id));
    }
    expect(pages).toEqual(newestFirst());
    const beyond = await listPayouts({ search: tag, page: 4, page_size: 2 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.paging).toEqual({ page_number: 4, page_size: 2, total_count: 6, next_starting_after: null });
  });

  it("a page_size of 5 splits six rows 5 + 1", async () => {
    expect((await listPayouts({ search: tag, page_size: 5 })).body.data).toHaveLength(5);
    expect((await listPayouts({ search: tag, page_size: 5, page: 2 })).body.data.map((row: any) => row.id)).toEqual([created[0].id]);
  });

  it("list records are the same records GET returns", async () => {
    const response = await listPayouts({ search: tag });
    const byId = new Map(created.map((payout) => [payout.id, payout]));
    expect(response.body.data.map((row: any) => row.id)).toEqual(newestFirst());
    for (const row of response.body.data) expect(row).toEqual(byId.get(row.id));
  });
});

describe("GET /payout/intents: filters", () => {
  it("payout_id matches the human-readable id exactly", async () => {
    expect(await idsFor({ payout_id: created[1].payout_id })).toEqual([created[1].id]);
    expect(await idsFor({ payout_id: created[1].payout_id.slice(0, -1) })).toEqual([]);
  });

  it("payment_intent_id matches the nested payment intent", async () => {
    expect(await idsFor({ payment_intent_id: created[2].payment_intent.payment_intent_id })).toEqual([created[2].id]);
    expect(await idsFor({ payment_intent_id: "pi_unknown" })).toEqual([]);
  });

  it("creator matches the creator", async () => {
    expect(await idsFor({ creator: creatorA })).toEqual([created[1].id, created[0].id]);
    expect(await idsFor({ creator: creatorB })).toEqual([created[5].id, created[4].id, created[3].id, created[2].id]);
    expect(await idsFor({ creator: `Creator C ${tag}` })).toEqual([]);
  });

  it("status filters the exact status", async () => {
    expect(await idsFor({ search: tag, status: "approval_pending" })).toEqual([created[1].id, created[0].id]);
    for (const index of [2, 3, 4, 5]) {
      expect(await idsFor({ search: tag, status: expectedStatus[index] })).toEqual([created[index].id]);
    }
    expect(await idsFor({ search: tag, status: "refunded" })).toEqual([]);
    expect(await idsFor({ search: tag, status: "expired" })).toEqual([]);
  });

  it("status_category filters the group", async () => {
    const expected: Record<string, number[]> = {
      pending_review: [1, 0],
      awaiting_payment: [2],
      action_required: [5],
      completed: [4],
      closed: [3],
    };
    for (const category of STATUS_CATEGORIES) {
      expect(await idsFor({ search: tag, status_category: category }), category).toEqual(
        expected[category]!.map((index) => created[index].id),
      );
    }
  });

  it("status and status_category together: both must hold", async () => {
    expect(await idsFor({ search: tag, status: "approval_pending", status_category: "closed" })).toEqual([]);
    expect(await idsFor({ search: tag, status: "rejected", status_category: "closed" })).toEqual([created[3].id]);
  });

  it("settlement_type: every payout settles in crypto (fiat pricing included), none in fiat", async () => {
    expect(await idsFor({ search: tag, settlement_type: "crypto" })).toEqual(newestFirst());
    expect(await idsFor({ search: tag, settlement_type: "fiat" })).toEqual([]);
  });

  it.each([
    ["the intent id", () => created[3].id, [3]],
    ["the payout_id", () => created[3].payout_id, [3]],
    ["the payment intent id", () => created[3].payment_intent.payment_intent_id, [3]],
    ["the recipient name", () => `Boxb ${tag}`, [2]],
    ["the recipient email, any case", () => created[3].recipient_email.toUpperCase(), [3]],
    ["the organization name", () => `Payee Org ${tag}`, [5, 4, 3, 2, 1, 0]],
    ["the organization email", () => created[4].organization_email, [4]],
    ["the payout target address", () => target, [2]],
  ])("search finds %s", async (_label, term, expected) => {
    const found = (await idsFor({ search: (term as () => string)() })).filter((id) => ids().includes(id));
    expect(found).toEqual((expected as number[]).map((index) => created[index].id));
  });

  it("search treats % and _ literally", async () => {
    expect(await idsFor({ search: `50% ${tag}` })).toEqual([created[0].id]);
    expect(await idsFor({ search: `Bo_b ${tag}` })).toEqual([created[1].id]);
    expect(await idsFor({ search: `Bo%b ${tag}` })).toEqual([]);
  });

  it("every returned row has the filtered status, over the whole organization", async () => {
    // The demo seed gives Demo Merchant payouts in every status, so no filter's answer is empty
    // and each check below looks at real rows.
    for (const status of Object.keys(CATEGORY)) {
      const response = await listPayouts({ status, page_size: 100 });
      expect(response.status).toBe(200);
      expect(response.body.data.length, status).toBeGreaterThan(0);
      for (const row of response.body.data) expect(row.status).toBe(status);
    }
    for (const category of STATUS_CATEGORIES) {
      const response = await listPayouts({ status_category: category, page_size: 100 });
      expect(response.status).toBe(200);
      expect(response.body.data.length, category).toBeGreaterThan(0);
      for (const row of response.body.data) {
        expect(CATEGORY[row.status]).toBe(category);
        expect(row.status_category).toBe(category);
      }
    }
  });
});

describe("GET /payout/intents: counts", () => {
  it("has exactly the five category keys, counted over this file's payouts", async () => {
    const response = await listPayouts({ search: tag });
    expect(Object.keys(response.body.counts).sort()).toEqual([...STATUS_CATEGORIES].sort());
    expect(response.body.counts).toEqual({ pending_review: 2, awaiting_payment: 1, action_required: 1, completed: 1, closed: 1 });
  });

  it("all five keys are present, as zeros, when nothing matches", async () => {
    const response = await listPayouts({ search: `nothing-${tag}` });
    expect(response.body.counts).toEqual({ pending_review: 0, awaiting_payment: 0, action_required: 0, completed: 0, closed: 0 });
    expect(response.body.paging.total_count).toBe(0);
  });

  it("ignores status and status_category so the tabs keep their numbers; total_count does not", async () => {
    const all = await listPayouts({ search: tag });
    for (const [query, total] of [
      [{ status: "approved" }, 1],
      [{ status_category: "closed" }, 1],
      [{ status_category: "pending_review" }, 2],
      [{ status: "refunded" }, 0],
    ] as const) {
      const response = await listPayouts({ search: tag, ...query });
      expect(response.body.counts).toEqual(all.body.counts);
      expect(response.body.paging.total_count).toBe(total);
    }
  });

  it("honours every other filter", async () => {
    expect((await listPayouts({ creator: creatorA })).body.counts).toEqual({
      pending_review: 2,
      awaiting_payment: 0,
      action_required: 0,
      completed: 0,
      closed: 0,
    });
    expect((await listPayouts({ creator: creatorB })).body.counts).toEqual({
      pending_review: 0,
      awaiting_payment: 1,
      action_required: 1,
      completed: 1,
      closed: 1,
    });
    expect((await listPayouts({ payout_id: created[4].payout_id })).body.counts.completed).toBe(1);
    expect((await listPayouts({ payment_intent_id: created[5].payment_intent.payment_intent_id })).body.counts.action_required).toBe(1);
    expect(Object.values((await listPayouts({ search: tag, settlement_type: "fiat" })).body.counts).every((n) => n === 0)).toBe(true);
  });

  it("over the whole organization: counts sum to the total, and a category tab's total is its count", async () => {
    // Each comparison is within one response, so parallel tests and the sweeper cannot make it flaky.
    const all = await listPayouts({ page_size: 1 });
    const sum = Object.values(all.body.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(all.body.paging.total_count);
    for (const category of STATUS_CATEGORIES) {
      const filtered = await listPayouts({ status_category: category, page_size: 1 });
      expect(filtered.body.paging.total_count).toBe(filtered.body.counts[category]);
    }
  });
});
