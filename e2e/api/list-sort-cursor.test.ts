// The `sort` and `starting_after` extensions of the lists (issue 27 sorting, issue 22 §3 cursor):
// every order is total (ties by creation), a cursor walk visits exactly the rows the page numbers
// do, in the same order, and a bad sort or cursor is a 400 that changes nothing.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createInvoice, createPaymentIntent, createPayout, expectError, fundBalance, listInvoices, listPayouts } from "./support";

const tag = `srt${randomUUID().slice(0, 8)}`;
// Amounts with ties (two 30s) and decimals that sort differently as text ("100" < "25.5" < "9").
const INVOICE_AMOUNTS = ["30", "9", "100", "25.5", "30"];
const TERMS = [14, 0, 60, 7, 30];
const invoices: any[] = [];
const payouts: any[] = [];
const paymentIntents: any[] = [];
const group = `grp-${tag}`;

type Query = Record<string, string | number | undefined>;

// A payment intent's record names its id `payment_intent_id`; the others `id`.
const idOf = (row: any) => String(row.id ?? row.payment_intent_id);

function get(path: string, query: Query) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return api("GET", `${path}?${params}`, { role: "viewer" });
}

/** Every row of a list, walked page by page with `starting_after`. */
async function walk(path: string, query: Query, pageSize: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const response = await get(path, { ...query, page_size: pageSize, starting_after: cursor });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = response.body.data.map(idOf);
    expect(page.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page);
    cursor = response.body.paging.next_starting_after ?? undefined;
    if (cursor === undefined) return ids;
    expect(cursor).toBe(page[page.length - 1]);
  }
  throw new Error("the walk did not end");
}

/** Every row of a list in one page. */
async function all(path: string, query: Query): Promise<string[]> {
  const response = await get(path, { ...query, page_size: 100 });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map(idOf);
}

/** Ids ordered by `key` (then creation), the way the list must order them. */
function expected<T extends { id: string }>(rows: T[], key: (row: T) => number, descending: boolean): string[] {
  const ranked = rows.map((row, created) => ({ id: row.id, key: key(row), created }));
  ranked.sort((a, b) => (a.key - b.key || a.created - b.created) * (descending ? -1 : 1));
  return ranked.map((row) => row.id);
}

const issueDay = (invoice: any) => Date.parse(invoice.invoice_issue_date) + invoice.payment_terms * 86_400_000;

beforeAll(async () => {
  for (const [index, amount] of INVOICE_AMOUNTS.entries()) {
    invoices.push(await createInvoice({ overrides: {
        organization_name: `Org ${tag}`, amount, payment_terms: TERMS[index], detail_items: [{ name: "Work", quantity: 1, unit_price: Number(amount) }],
      } }));
  }
  for (const amount of ["50", "7.25", "50", "120"]) {
    payouts.push(await createPayout({ overrides: { organization_name: `Org ${tag}`, amount, exact_out_amount: amount } }));
  }
  const now = Math.floor(Date.now() / 1000);
  for (const [index, amount] of ["4", "12.5", "4", "1000"].entries()) {
    const created = await createPaymentIntent({ crypto_amount: amount, group_key: group, payment_deadline: now + 3600 * (4 - index) });
    paymentIntents.push({ ...created, id: created.payment_intent_id });
  }
});

describe("sort", () => {
  it("orders invoices by amount as numbers, ties by creation, both ways", async () => {
    const amount = (invoice: any) => Number(invoice.amount);
    expect(await all("/invoice/intents", { search: tag, sort: "amount" })).toEqual(expected(invoices, amount, false));
    expect(await all("/invoice/intents", { search: tag, sort: "-amount" })).toEqual(expected(invoices, amount, true));
    // The same order without a search (the index path rather than the search's CTE).
    const unfiltered = await walk("/invoice/intents", { sort: "-amount", created_after: invoices[0].created_at }, 2);
    expect(unfiltered.filter((id) => invoices.some((invoice) => invoice.id === id))).toEqual(expected(invoices, amount, true));
  });

  it("orders invoices by due date (issue date + payment terms) and by creation", async () => {
    expect(await all("/invoice/intents", { search: tag, sort: "due_date" })).toEqual(expected(invoices, issueDay, false));
    expect(await all("/invoice/intents", { search: tag, sort: "-due_date" })).toEqual(expected(invoices, issueDay, true));
    const ids = invoices.map((invoice) => invoice.id);
    expect(await all("/invoice/intents", { search: tag, sort: "created_at" })).toEqual(ids);
    expect(await all("/invoice/intents", { search: tag, sort: "-created_at" })).toEqual([...ids].reverse());
    expect(await all("/invoice/intents", { search: tag })).toEqual([...ids].reverse());
  });

  it("orders payouts and payment intents by amount and due date", async () => {
    const gross = (payout: any) => Number(payout.amount);
    expect(await all("/payout/intents", { search: tag, sort: "amount" })).toEqual(expected(payouts, gross, false));
    expect(await all("/payout/intents", { search: tag, sort: "-amount" })).toEqual(expected(payouts, gross, true));
    const crypto = (pi: any) => Number(pi.crypto_amount);
    const deadline = (pi: any) => pi.payment_deadline;
    expect(await all("/payment/intents", { group_key: group, sort: "amount" })).toEqual(expected(paymentIntents, crypto, false));
    expect(await all("/payment/intents", { group_key: group, sort: "due_date" })).toEqual(expected(paymentIntents, deadline, false));
    expect(await all("/payment/intents", { group_key: group, sort: "-due_date" })).toEqual(expected(paymentIntents, deadline, true));
  });

  it("an unknown sort key is a 400 naming `sort`", async () => {
    for (const sort of ["amount,created_at", "+amount", "recipient_name", "--amount"]) {
      const refused = expectError(await listInvoices({ sort }), 400, 40000);
      expect(refused.errors?.[0]?.field).toBe("sort");
    }
    expectError(await api("GET", "/audit_log?sort=amount", { role: "admin" }), 400, 40000);
    expectError(await get("/payout/intents", { sort: "recipient" }), 400, 40000);
  });
});

describe("starting_after", () => {
  it("walks every invoice order exactly as the page numbers do", async () => {
    for (const sort of [undefined, "amount", "-amount", "due_date", "-due_date", "created_at"]) {
      const paged: string[] = [];
      for (const page of [1, 2, 3]) {
        const response = await listInvoices({ search: tag, sort, page, page_size: 2 });
        paged.push(...response.body.data.map((row: any) => row.id));
      }
      expect(await walk("/invoice/intents", { search: tag, sort }, 2), String(sort)).toEqual(paged);
      expect(paged).toHaveLength(INVOICE_AMOUNTS.length);
    }
  });

  it("walks payouts, payment intents, the ledger, the audit log and webhook deliveries", async () => {
    for (const sort of [undefined, "amount", "-due_date"]) {
      expect(await walk("/payout/intents", { search: tag, sort }, 3)).toEqual(await all("/payout/intents", { search: tag, sort }));
      expect(await walk("/payment/intents", { group_key: group, sort }, 3)).toEqual(await all("/payment/intents", { group_key: group, sort }));
    }
    // Other tests add ledger rows and deliveries meanwhile: every row that existed before the walk
    // is met once, in its order (a row added later may or may not be met, as with page numbers).
    const before = (walked: string[], earlier: string[]) => walked.filter((id) => earlier.includes(id));
    // This file's organization starts with an empty ledger: five credits of different amounts.
    for (const amount of ["5.5", "0.25", "12", "3.75", "8"]) await fundBalance("arb", "USDC", amount);
    for (const sort of [undefined, "amount"]) {
      const ledger = await all("/balances/ledger", { sort });
      expect(ledger.length).toBeGreaterThan(3);
      const walked = await walk("/balances/ledger", { sort }, 3);
      expect(new Set(walked).size).toBe(walked.length);
      expect(before(walked, ledger)).toEqual(ledger);
    }
    const audit = await api("GET", `/audit_log?page_size=100&sort=created_at`, { role: "admin" });
    expect(audit.status).toBe(200);
    const first = audit.body.data.slice(0, 7).map((row: any) => row.id);
    const next = await api("GET", `/audit_log?page_size=4&sort=created_at&starting_after=${first[2]}`, { role: "admin" });
    expect(next.body.data.map((row: any) => row.id)).toEqual(first.slice(3, 7));
    expect(next.body.paging.next_starting_after).toBe(first[6]);
    const deliveries = await all("/webhook/deliveries", {});
    expect(before(await walk("/webhook/deliveries", {}, 7), deliveries)).toEqual(deliveries);
  });

  it("keeps the filters and the counts: the cursor only moves the page", async () => {
    const whole = await listInvoices({ search: tag, sort: "amount", page_size: 2 });
    const after = await listInvoices({ search: tag, sort: "amount", page_size: 2, starting_after: whole.body.data[1].id });
    expect(after.body.paging.total_count).toBe(whole.body.paging.total_count);
    expect(after.body.counts).toEqual(whole.body.counts);
    expect(after.body.paging.page_number).toBe(1);
  });

  it("refuses a cursor that is not a row of the caller's list, and a page number beside it", async () => {
    const otherOrg = await createInvoice({ orgIndex: 1, overrides: { organization_name: `Org ${tag}` } });
    for (const cursor of [otherOrg.id, "inv_doesnotexist", payouts[0].id]) {
      const refused = expectError(await listInvoices({ starting_after: cursor }), 400, 40000);
      expect(refused.errors?.[0]?.field).toBe("starting_after");
    }
    expectError(await listPayouts({ starting_after: invoices[0].id }), 400, 40000);
    expectError(await get("/balances/ledger", { starting_after: "12abc" }), 400, 40000);
    expectError(await get("/webhook/deliveries", { starting_after: "evt_nope" }), 400, 40000);
    const withPage = expectError(await listInvoices({ starting_after: invoices[0].id, page: 2 }), 400, 40000);
    expect(withPage.errors?.[0]?.field).toBe("page");
  });

  it("names the cursor where page numbers stop", async () => {
    const deep = expectError(await listInvoices({ page: 501, page_size: 20 }), 400, 40000);
    expect(deep.errors?.[0]?.message).toContain("starting_after");
    const cursor = (await listInvoices({ page: 500, page_size: 20 })).body.paging.next_starting_after;
    if (cursor) {
      const beyond = await listInvoices({ page_size: 20, starting_after: cursor });
      expect(beyond.status).toBe(200);
    }
  });
});
