// The list's counts and status_category over every status of product-decisions §1.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, approveInvoice, createInvoice, getInvoice, payOk, REFUND_ADDRESS } from "./support";

const CATEGORY: Record<string, string> = {
  approval_pending: "pending_review",
  approved: "awaiting_payment",
  rejected: "closed",
  cancelled: "closed",
  expired: "closed",
  paid: "action_required",
  underpaid: "action_required",
  payment_review: "action_required",
  signed: "completed",
  refunded: "completed",
};

const tag = `lists-${randomUUID().slice(0, 8)}`;
const list = (query: Record<string, string>) =>
  api("GET", `/invoice/intents?${new URLSearchParams({ search: tag, page_size: "100", ...query })}`, { role: "viewer" });

beforeAll(async () => {
  const make = (overrides: Record<string, unknown> = {}) => createInvoice({ overrides: { organization_name: `Org ${tag}`, ...overrides } });
  const approved = async (overrides: Record<string, unknown> = {}) => approveInvoice((await make(overrides)).id);
  const expiring = await approved({ payment_deadline: Math.floor(Date.now() / 1000) + 1 });
  await make();
  await approved();
  await api("POST", `/invoice/intent/${(await make()).id}/reject`, { role: "approver", body: { reason: "no" } });
  await api("POST", `/invoice/intent/${(await make()).id}/cancel`, { role: "finance" });
  const paid = await approved();
  await payOk(paid.payment_intent.payment_address, "125.5");
  const under = await approved();
  await payOk(under.payment_intent.payment_address, "1");
  const late = await approved();
  await payOk(late.payment_intent.payment_address, "125.5", { timestamp: late.payment_intent.payment_deadline + 1 });
  const signed = await approved();
  await payOk(signed.payment_intent.payment_address, "125.5");
  await api("POST", `/invoice/intent/${signed.id}/sign`, { role: "admin" });
  const refunded = await approved();
  await payOk(refunded.payment_intent.payment_address, "125.5");
  await api("POST", `/invoice/intent/${refunded.id}/refund`, {
    role: "admin",
    body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "r", refund_attachments: [] },
  });
  const until = Date.now() + 10_000;
  while ((await getInvoice(expiring.id)).status !== "expired" && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  expect((await getInvoice(expiring.id)).status, "the sweeper expired the invoice due a second after approval").toBe("expired");
}, 30_000);

describe("lists over every status", () => {
  it("counts every category, and status_category labels each row", async () => {
    const response = await list({});
    expect(response.status).toBe(200);
    const statuses = response.body.data.map((row: any) => row.status).sort();
    expect(statuses).toEqual(Object.keys(CATEGORY).sort());
    for (const row of response.body.data) expect(row.status_category).toBe(CATEGORY[row.status]);
    expect(response.body.counts).toEqual({ pending_review: 1, awaiting_payment: 1, action_required: 3, completed: 2, closed: 3 });
  });

  it.each(Object.keys(CATEGORY))("status=%s finds exactly its row, and counts ignore the status filter", async (status) => {
    const response = await list({ status });
    expect(response.body.data.map((row: any) => row.status)).toEqual([status]);
    expect(response.body.paging.total_count).toBe(1);
    expect(response.body.counts.closed).toBe(3);
  });

  it.each(["pending_review", "awaiting_payment", "action_required", "completed", "closed"])(
    "status_category=%s finds its statuses",
    async (category) => {
      const response = await list({ status_category: category });
      const expected = Object.keys(CATEGORY).filter((status) => CATEGORY[status] === category).sort();
      expect(response.body.data.map((row: any) => row.status).sort()).toEqual(expected);
    },
  );
});
