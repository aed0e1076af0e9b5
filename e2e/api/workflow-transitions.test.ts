// Every row of the invoice state table (product-decisions §1), allowed and refused, over HTTP:
// each action is tried from every status on a fresh invoice brought to that status.
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  approveInvoice,
  createInvoice,
  expectError,
  getInvoice,
  invoiceLogs,
  REFUND_ADDRESS,
  user,
  type ApiResponse,
} from "./support";

type Status =
  | "approval_pending"
  | "approved"
  | "rejected"
  | "cancelled"
  | "expired"
  | "paid"
  | "underpaid"
  | "payment_review"
  | "signed"
  | "refunded";
type Action = "update" | "approve" | "reject" | "cancel" | "sign" | "refund" | "pay";

const STATUSES: Status[] = [
  "approval_pending",
  "approved",
  "rejected",
  "cancelled",
  "expired",
  "paid",
  "underpaid",
  "payment_review",
  "signed",
  "refunded",
];

// The table, restated here on purpose: the test must not trust lib/studio/invoices/status.ts.
const TABLE: Record<Action, Partial<Record<Status, Status>>> = {
  update: { approval_pending: "approval_pending", rejected: "approval_pending" },
  approve: { approval_pending: "approved" },
  reject: { approval_pending: "rejected" },
  cancel: { approval_pending: "cancelled", approved: "cancelled" },
  sign: { paid: "signed", underpaid: "signed", payment_review: "signed" },
  refund: { paid: "refunded", underpaid: "refunded", payment_review: "refunded" },
  // An on-time exact transfer: confirms an approved invoice, completes an underpaid one (the
  // top-up rule of product-decisions §9), flags an expired one, adds to one already funded
  // (status and log untouched), and is refused where no address is live.
  pay: { approved: "paid", expired: "payment_review", paid: "paid", underpaid: "paid", payment_review: "payment_review" },
};

const PAYMENT_STATUS: Record<Status, string[]> = {
  approval_pending: ["awaiting_approval"],
  approved: ["pending"],
  rejected: ["cancelled"],
  cancelled: ["cancelled"],
  expired: ["expired"],
  paid: ["success"],
  underpaid: ["insufficient_not_refunded"],
  payment_review: ["manual_review", "aml_hold"],
  signed: ["success"],
  refunded: ["refunded", "insufficient_refunded"],
};

const OPERATOR: Record<Action, () => string> = {
  update: () => user("finance").uid,
  approve: () => user("approver").uid,
  reject: () => user("approver").uid,
  cancel: () => user("finance").uid,
  sign: () => user("admin").uid,
  refund: () => user("admin").uid,
  pay: () => "system",
};

const AMOUNT = "125.5";
const nowSeconds = () => Math.floor(Date.now() / 1000);

function act(action: Action, invoice: any): Promise<ApiResponse> {
  const id = invoice.id;
  switch (action) {
    case "update":
      return api("PUT", `/invoice/intent/${id}`, { role: "finance", body: { description: "edited in the matrix" } });
    case "approve":
      return api("POST", `/invoice/intent/${id}/approve`, { role: "approver" });
    case "reject":
      return api("POST", `/invoice/intent/${id}/reject`, { role: "approver", body: { reason: "wrong recipient" } });
    case "cancel":
      return api("POST", `/invoice/intent/${id}/cancel`, { role: "finance", body: { reason: "duplicate" } });
    case "sign":
      return api("POST", `/invoice/intent/${id}/sign`, { role: "admin", body: { refund_address: REFUND_ADDRESS.evm } });
    case "refund":
      return api("POST", `/invoice/intent/${id}/refund`, {
        role: "admin",
        body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "customer request", refund_attachments: [] },
      });
    case "pay":
      // The product-decisions §8 alias: works before an address exists, so it probes every status.
      return api("POST", `/sandbox/payment_intent/${invoice.payment_intent.payment_intent_id}/pay`, {
        role: "admin",
        body: { amount: AMOUNT },
      });
  }
}

async function ok(response: ApiResponse) {
  if (response.status !== 200) throw new Error(`setup step failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A fresh invoice in `status`, reached through the real API. */
async function invoiceIn(status: Exclude<Status, "expired">): Promise<any> {
  const created = await createInvoice();
  if (status === "approval_pending") return created;
  if (status === "rejected") return ok(await act("reject", created));
  if (status === "cancelled") return ok(await act("cancel", created));
  const approved = await approveInvoice(created.id);
  const address = approved.payment_intent.payment_address;
  const payment = (amount: string, timestamp?: number) =>
    api("POST", "/sandbox/pay", { role: "admin", body: { payment_address: address, amount, timestamp } });
  switch (status) {
    case "approved":
      return approved;
    case "paid":
      return (await ok(await payment(AMOUNT))).invoice;
    case "underpaid":
      return (await ok(await payment("100"))).invoice;
    case "payment_review":
      return (await ok(await payment(AMOUNT, approved.payment_intent.payment_deadline + 60))).invoice;
    case "signed":
      await ok(await payment(AMOUNT));
      return ok(await act("sign", approved));
    case "refunded":
      await ok(await payment(AMOUNT));
      return ok(await act("refund", approved));
  }
}

const ACTIONS: Action[] = ["update", "approve", "reject", "cancel", "sign", "refund", "pay"];
const expiredPool: any[] = [];

beforeAll(async () => {
  // One expired invoice per action, all sharing a deadline a moment ahead; the sweeper does the rest.
  const deadline = nowSeconds() + 2;
  const approved = await Promise.all(
    ACTIONS.map(async () => {
      const created = await createInvoice({ overrides: { payment_deadline: deadline } });
      return approveInvoice(created.id);
    }),
  );
  const until = Date.now() + 15_000;
  for (const invoice of approved) {
    let current = await getInvoice(invoice.id);
    while (current.status !== "expired" && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = await getInvoice(invoice.id);
    }
    expect(current.status).toBe("expired");
    expiredPool.push(current);
  }
}, 30_000);

describe.each(ACTIONS)("%s", (action) => {
  it.each(STATUSES)(`from %s`, async (from) => {
    const invoice = from === "expired" ? expiredPool.pop() : await invoiceIn(from);
    expect(invoice.status).toBe(from);
    const logsBefore = await invoiceLogs(invoice.id);
    const response = await act(action, invoice);
    const target = TABLE[action][from];
    const after = await getInvoice(invoice.id);
    const logsAfter = await invoiceLogs(invoice.id);

    if (target === undefined) {
      const error = expectError(response, 409, 40900);
      expect(error.message).toContain(`current status: ${from}`);
      expect(after.status).toBe(from);
      expect(after.payment_intent.status).toBe(invoice.payment_intent.status);
      expect(logsAfter).toHaveLength(logsBefore.length);
      return;
    }
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(after.status).toBe(target);
    expect(PAYMENT_STATUS[target]).toContain(after.payment_intent.status);
    const moved = action !== "pay" || target !== from;
    if (!moved) {
      expect(logsAfter).toHaveLength(logsBefore.length);
      return;
    }
    expect(logsAfter).toHaveLength(logsBefore.length + 1);
    expect(logsAfter.at(-1)).toMatchObject({ from_status: from, to_status: target, operator_uid: OPERATOR[action]() });
  });
});
