// Every row of the payout state table (product-decisions §2), allowed and refused, over HTTP: each
// action is tried from every status on a fresh payout brought to that status through the real API.
import { beforeAll, describe, expect, it } from "vitest";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import {
  api,
  approvePayout,
  createPayout,
  expectError,
  fundPayout,
  getPayout,
  payoutLogs,
  REFUND_ADDRESS,
  user,
  waitForPayoutStatus,
  type ApiResponse,
} from "./support";

type Status =
  | "approval_pending"
  | "approved"
  | "rejected"
  | "expired"
  | "completed"
  | "underfunded"
  | "payment_review"
  | "refunded";
type Action = "update" | "approve" | "reject" | "refund" | "fund" | "cancel" | "sign";

const STATUSES: Status[] = [
  "approval_pending",
  "approved",
  "rejected",
  "expired",
  "completed",
  "underfunded",
  "payment_review",
  "refunded",
];

// The table, restated here on purpose: the test must not trust lib/studio/payouts/status.ts.
// `fund` is an on-time deposit of the full gross amount: it completes an approved payout, flags an
// expired one for review, is recorded without a status change where funds are already in, and is
// refused where no address is live. Payouts have no cancel and no sign: those are 404 everywhere.
const TABLE: Record<Action, Partial<Record<Status, Status>>> = {
  update: { approval_pending: "approval_pending", rejected: "approval_pending" },
  approve: { approval_pending: "approved" },
  reject: { approval_pending: "rejected" },
  refund: { underfunded: "refunded", payment_review: "refunded" },
  fund: { approved: "completed", expired: "payment_review", underfunded: "completed", payment_review: "payment_review" },
  cancel: {},
  sign: {},
};
const NO_ENDPOINT: Action[] = ["cancel", "sign"];

const PAYMENT_STATUS: Record<Status, string[]> = {
  approval_pending: ["awaiting_approval"],
  approved: ["pending"],
  rejected: ["cancelled"],
  expired: ["expired"],
  completed: ["success"],
  underfunded: ["insufficient_not_refunded"],
  payment_review: ["manual_review", "aml_hold"],
  refunded: ["refunded", "insufficient_refunded"],
};

const CATEGORY: Record<Status, string> = {
  approval_pending: "pending_review",
  approved: "awaiting_payment",
  rejected: "closed",
  expired: "closed",
  completed: "completed",
  underfunded: "action_required",
  payment_review: "action_required",
  refunded: "completed",
};

const OPERATOR: Record<Action, () => string> = {
  update: () => user("finance").uid,
  approve: () => user("approver").uid,
  reject: () => user("approver").uid,
  refund: () => user("admin").uid,
  fund: () => "system",
  cancel: () => "",
  sign: () => "",
};

const GROSS = "100";
const nowSeconds = () => Math.floor(Date.now() / 1000);
const REFUND_BODY = { refund_address: REFUND_ADDRESS.evm, refund_reason: "customer request", refund_attachments: ["file_r"] };

function act(action: Action, payout: any): Promise<ApiResponse> {
  const id = payout.id;
  switch (action) {
    case "update":
      return api("PUT", `/payout/intent/${id}`, { role: "finance", body: { description: "edited in the matrix" } });
    case "approve":
      return api("POST", `/payout/intent/${id}/approve`, { role: "approver" });
    case "reject":
      return api("POST", `/payout/intent/${id}/reject`, { role: "approver", body: { reason: "wrong recipient" } });
    case "refund":
      return api("POST", `/payout/intent/${id}/refund`, { role: "admin", body: REFUND_BODY });
    case "fund":
      // Addressed by payment intent id, so it probes statuses that have no address yet too.
      return fundPayout(payout, GROSS);
    case "cancel":
      return api("POST", `/payout/intent/${id}/cancel`, { role: "admin", body: { reason: "duplicate" } });
    case "sign":
      return api("POST", `/payout/intent/${id}/sign`, { role: "admin", body: { refund_address: REFUND_ADDRESS.evm } });
  }
}

async function ok(response: ApiResponse) {
  if (response.status !== 200) throw new Error(`setup step failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A fresh payout in `status`, reached through the real API. */
async function payoutIn(status: Exclude<Status, "expired">): Promise<any> {
  const created = await createPayout();
  if (status === "approval_pending") return created;
  if (status === "rejected") return ok(await act("reject", created));
  const approved = await approvePayout(created.id);
  switch (status) {
    case "approved":
      return approved;
    case "completed":
      return (await ok(await fundPayout(approved, GROSS))).payout;
    case "underfunded":
      return (await ok(await fundPayout(approved, "60"))).payout;
    case "payment_review":
      return (await ok(await fundPayout(approved, GROSS, { timestamp: approved.payment_intent.payment_deadline + 60 }))).payout;
    case "refunded":
      await ok(await fundPayout(approved, "60"));
      return ok(await act("refund", approved));
  }
}

const ACTIONS: Action[] = ["update", "approve", "reject", "refund", "fund", "cancel", "sign"];
const expiredPool: any[] = [];

beforeAll(async () => {
  // One expired payout per action, sharing a deadline a moment ahead; the sweeper does the rest.
  const deadline = nowSeconds() + 2;
  const approved = await Promise.all(
    ACTIONS.map(async () => approvePayout((await createPayout({ overrides: { payment_deadline: deadline } })).id)),
  );
  const until = Date.now() + 20_000;
  for (const payout of approved) {
    const current = await waitForPayoutStatus(payout.id, "expired", until - Date.now());
    expect(current.status, `payout ${payout.id} never expired`).toBe("expired");
    expiredPool.push(current);
  }
}, 40_000);

describe.each(ACTIONS)("%s", (action) => {
  it.each(STATUSES)("from %s", async (from) => {
    const payout = from === "expired" ? expiredPool.pop() : await payoutIn(from);
    expect(payout.status).toBe(from);
    expect(PAYMENT_STATUS[from]).toContain(payout.payment_intent.status);
    expect(payout.status_category).toBe(CATEGORY[from]);
    const logsBefore = await payoutLogs(payout.id);
    const response = await act(action, payout);
    const after = await getPayout(payout.id);
    const logsAfter = await payoutLogs(payout.id);

    if (NO_ENDPOINT.includes(action)) {
      expectError(response, 404, 40400);
      expect(after).toEqual(payout);
      expect(logsAfter).toEqual(logsBefore);
      return;
    }
    const target = TABLE[action][from];
    if (target === undefined) {
      const error = expectError(response, 409, 40900);
      expect(error.message).toContain(from);
      expect(after.status).toBe(from);
      expect(after.payment_intent.status).toBe(payout.payment_intent.status);
      expect(after.payment_intent.received_crypto_amount).toBe(payout.payment_intent.received_crypto_amount);
      expect(logsAfter).toEqual(logsBefore);
      return;
    }
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.code).toBe(0);
    const returned = action === "fund" ? response.body.data.payout : response.body.data;
    expect(returned).toEqual(after);
    expect(after.status).toBe(target);
    expect(after.status_category).toBe(CATEGORY[target]);
    expect(PAYMENT_STATUS[target]).toContain(after.payment_intent.status);
    if (action === "fund" && target === from) {
      // A deposit into a payout already holding funds: recorded, summed, no status change, no log row.
      // Summed in base units, exactly: a float sum would pass for amounts the API gets wrong, and fail for ones it gets right.
      const decimals: number = payout.payment_intent.decimals;
      expect(after.payment_intent.received_crypto_amount).toBe(
        formatUnits(parseUnits(payout.payment_intent.received_crypto_amount, decimals) + parseUnits(GROSS, decimals), decimals),
      );
      expect(logsAfter).toEqual(logsBefore);
      return;
    }
    expect(logsAfter).toHaveLength(logsBefore.length + 1);
    expect(logsAfter.slice(0, -1)).toEqual(logsBefore);
    expect(logsAfter.at(-1)).toMatchObject({
      payout_id: payout.id,
      from_status: from,
      to_status: target,
      operator_uid: OPERATOR[action](),
    });
  });
});
