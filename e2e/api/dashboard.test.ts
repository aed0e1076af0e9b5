// GET /dashboard (issue 27): every figure equals what the list endpoints give when summed by hand
// here, on this file's own organization, for each interval and each person.
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  approvedInvoice,
  approvedPayout,
  createInvoice,
  createPaymentIntent,
  createPayout,
  expectError,
  fundPayoutOk,
  newPerson,
  payIntentOk,
  payOk,
  ROLES,
  user,
  type Role,
} from "./support";
import { awaitingStatuses, permittedActions, type ActionOwnerType } from "@/lib/workflow/actions";

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every record of a list, walked with the cursor. */
async function everything(path: string, role: Role = "viewer"): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | undefined;
  do {
    const response = await api("GET", `${path}?page_size=100${cursor ? `&starting_after=${cursor}` : ""}`, { role });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    rows.push(...response.body.data);
    cursor = response.body.paging.next_starting_after ?? undefined;
  } while (cursor);
  return rows;
}

/** Exact decimal sums, by bigint at a common scale (never floats). */
function addDecimal(a: string, b: string): string {
  const scale = Math.max(a.split(".")[1]?.length ?? 0, b.split(".")[1]?.length ?? 0);
  const units = (value: string) => {
    const negative = value.startsWith("-");
    const [whole, fraction = ""] = value.replace("-", "").split(".");
    const result = BigInt(`${whole}${fraction.padEnd(scale, "0")}`);
    return negative ? -result : result;
  };
  const total = units(a) + units(b);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
const subtract = (a: string, b: string) => addDecimal(a, b.startsWith("-") ? b.slice(1) : `-${b}`);

/** The period (its first day, UTC) a unix time falls in. */
function periodOf(seconds: number, interval: "day" | "week" | "month"): string {
  const date = new Date(seconds * 1000);
  if (interval === "month") return `${date.toISOString().slice(0, 7)}-01`;
  if (interval === "week") return isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - ((date.getUTCDay() + 6) % 7) * DAY);
  return date.toISOString().slice(0, 10);
}

type Sums = Map<string, { amount: string; count: number }>;
function sumInto(sums: Sums, key: string, amount: string) {
  const current = sums.get(key) ?? { amount: "0", count: 0 };
  sums.set(key, { amount: addDecimal(current.amount, amount), count: current.count + 1 });
}
const asSeries = (sums: Sums) =>
  [...sums.entries()].map(([key, value]) => {
    const [period = "", token = ""] = key.split("|");
    return { period, token, ...value };
  }).sort((a, b) => `${a.period}|${a.token}`.localeCompare(`${b.period}|${b.token}`));

async function dashboard(role: Role = "viewer", query = "") {
  const response = await api("GET", `/dashboard${query}`, { role });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

beforeAll(async () => {
  const daysAgo = (days: number) => isoDay(Date.now() - days * DAY);
  // Receivables in four aging buckets, in two tokens.
  await approvedInvoice({ payment_terms: 30 });
  await approvedInvoice({ invoice_issue_date: daysAgo(45), payment_terms: 0 });
  await approvedInvoice({ invoice_issue_date: daysAgo(70), payment_terms: 5, chain: "polygon", pay_token: "USDT" });
  const underpaid = await approvedInvoice({ invoice_issue_date: daysAgo(120), payment_terms: 10 });
  await payOk(underpaid.payment_intent.payment_address, "20.25");
  // Paid, and signed.
  const paid = await approvedInvoice();
  await payOk(paid.payment_intent.payment_address, "125.5");
  const signed = await approvedInvoice({ amount: "7.5", detail_items: [{ name: "Line", quantity: 1, unit_price: 7.5 }] });
  await payOk(signed.payment_intent.payment_address, "7.5");
  expect((await api("POST", `/invoice/intent/${signed.id}/sign`, { role: "admin" })).status).toBe(200);
  // Waiting for approval: one by finance, one by the admin (whom maker-checker keeps from approving it).
  await createInvoice();
  await createInvoice({ role: "admin" });
  const pendingPayout = await createPayout();
  expect(pendingPayout.status).toBe("approval_pending");
  // Paid out, and a standalone payment received.
  const payout = await approvedPayout();
  await fundPayoutOk(payout, "100");
  const intent = await createPaymentIntent({ crypto_amount: "3.000001" });
  await payIntentOk(intent.payment_intent_id, "3.000001");
  // Rejected after review: counted as created only.
  const rejected = await createInvoice();
  expect((await api("POST", `/invoice/intent/${rejected.id}/reject`, { role: "approver", body: { reason: "wrong" } })).status).toBe(200);
});

describe("GET /dashboard", () => {
  it("sums received and paid-out money per period and token as the lists do, for each interval", async () => {
    const invoices = await everything("/invoice/intents");
    const intents = await everything("/payment/intents");
    const payouts = await everything("/payout/intents");
    for (const interval of ["day", "week", "month"] as const) {
      const figures = await dashboard("viewer", `?interval=${interval}`);
      expect(figures.interval).toBe(interval);
      const since = figures.since as string;
      const received: Sums = new Map();
      for (const pi of [...invoices.map((invoice) => invoice.payment_intent), ...intents]) {
        if (pi.received_crypto_amount === null || !pi.payment_tx_timestamp) continue;
        const period = periodOf(pi.payment_tx_timestamp, interval);
        if (period >= since) sumInto(received, `${period}|${pi.symbol}`, pi.received_crypto_amount);
      }
      const paidOut: Sums = new Map();
      for (const record of payouts.filter((candidate) => candidate.status === "completed")) {
        const period = periodOf(record.payment_intent.aggregation_tx_timestamp, interval);
        if (period >= since) sumInto(paidOut, `${period}|${record.payment_intent.symbol}`, record.payment_intent.exact_out_amount);
      }
      expect(figures.received).toEqual(asSeries(received));
      expect(figures.paid_out).toEqual(asSeries(paidOut));
    }
    const daily = await dashboard();
    // This file's money: 20.25 + 125.5 + 7.5 into invoices, 3.000001 standalone, 98.5 sent out.
    expect(daily.received).toEqual([{ period: isoDay(Date.now()), token: "USDC", amount: "156.250001", count: 4 }]);
    expect(daily.paid_out).toEqual([{ period: isoDay(Date.now()), token: "USDC", amount: "98.5", count: 1 }]);
    expect(daily.since).toBe(isoDay(Date.now() - 29 * DAY));
  });

  it("counts the invoice funnel as the statuses of the listed invoices show it", async () => {
    const invoices = await everything("/invoice/intents");
    const reached = (statuses: string[]) => invoices.filter((invoice) => statuses.includes(invoice.status)).length;
    const { funnel } = await dashboard();
    expect(funnel).toEqual({
      created: invoices.length,
      approved: reached(["approved", "expired", "paid", "underpaid", "payment_review", "signed", "refunded"]),
      paid: reached(["paid", "signed"]),
      signed: reached(["signed"]),
    });
    expect(funnel).toEqual({ created: 9, approved: 6, paid: 2, signed: 1 });
  });

  it("ages the receivables by days past due, amount outstanding and count per token", async () => {
    const invoices = await everything("/invoice/intents");
    const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
    const sums: Sums = new Map();
    for (const invoice of invoices.filter((candidate) => ["approved", "underpaid"].includes(candidate.status))) {
      const due = Date.parse(`${invoice.invoice_issue_date.slice(0, 10)}T00:00:00Z`) + invoice.payment_terms * DAY;
      const overdue = Math.round((today - due) / DAY);
      const bucket = overdue <= 0 ? "not_due" : overdue <= 30 ? "1_30" : overdue <= 60 ? "31_60" : overdue <= 90 ? "61_90" : "over_90";
      const pi = invoice.payment_intent;
      sumInto(sums, `${bucket}|${pi.symbol}`, subtract(pi.crypto_amount, pi.received_crypto_amount ?? "0"));
    }
    const order = ["not_due", "1_30", "31_60", "61_90", "over_90"];
    const expected = [...sums.entries()]
      .map(([key, value]) => {
        const [bucket = "", token = ""] = key.split("|");
        return { bucket, token, ...value };
      })
      .sort((a, b) => order.indexOf(a.bucket) - order.indexOf(b.bucket) || a.token.localeCompare(b.token));
    const { aging } = await dashboard();
    expect(aging).toEqual(expected);
    expect(aging.map((row: any) => [row.bucket, row.token, row.amount])).toEqual([
      ["not_due", "USDC", "125.5"],
      ["31_60", "USDC", "125.5"],
      ["61_90", "USDT", "125.5"],
      ["over_90", "USDC", "105.25"],
    ]);
  });

  it("counts what awaits each person: records their permissions may decide, never their own approvals", async () => {
    const owners: Array<[ActionOwnerType, string]> = [["invoice", "/invoice/intents"], ["payout", "/payout/intents"], ["payment_intent", "/payment/intents"]];
    const lists = await Promise.all(owners.map(([, path]) => everything(path)));
    for (const role of ROLES) {
      const me = (await api("GET", "/me", { role })).body.data;
      const viewer = { uid: me.uid, permissions: me.permissions };
      let expected = 0;
      for (const [index, [owner]] of owners.entries()) {
        const awaiting = new Set(["approve", "sign", "refund"]);
        // Waiting means under review or action required: a settled payment may be refunded, but waits for no one.
        expected += lists[index]!.filter(
          (record) =>
            ["pending_review", "action_required"].includes(record.status_category) &&
            permittedActions(owner, record, viewer).some((action) => awaiting.has(String(action))),
        ).length;
      }
      expect((await dashboard(role)).awaiting_action, role).toBe(expected);
    }
    // By hand: the approver sees 2 pending invoices (finance's and the admin's) and the pending payout;
    // the admin the same but its own invoice, plus the paid and underpaid invoices to sign or refund.
    expect((await dashboard("approver")).awaiting_action).toBe(3);
    expect((await dashboard("admin")).awaiting_action).toBe(2 + 2);
    expect((await dashboard("viewer")).awaiting_action).toBe(0);
    expect(awaitingStatuses("invoice", ["transfer:read"])).toEqual({ anyone: [], othersOnly: [] });
  });

  it("lists the balance per chain and token as GET /balances does", async () => {
    const balances = (await api("GET", "/balances", { role: "viewer" })).body.data as any[];
    expect((await dashboard()).balances).toEqual(balances.map((row) => ({ chain_id: row.chain_id, symbol: row.symbol, amount: row.amount })));
  });

  it("refuses an unknown interval, a key without transfer:read, and sees only its own organization", async () => {
    const bad = expectError(await api("GET", "/dashboard?interval=year", { role: "viewer" }), 400, 40000);
    expect(bad.errors?.[0]?.field).toBe("interval");
    const manager = await newPerson(["org:manage"], 0);
    expectError(await api("GET", "/dashboard", { key: manager.key }), 403, 40300);
    const other = await api("GET", "/dashboard", { role: "viewer", orgIndex: 1 });
    expect(other.status).toBe(200);
    expect(other.body.data.funnel.created).toBe(0);
    expect(user("viewer", 1).api_key).not.toBe(user("viewer", 0).api_key);
    // Inviting a person hashes a password on purpose slowly; a busy machine needs longer than the default.
  }, 120_000);
});
