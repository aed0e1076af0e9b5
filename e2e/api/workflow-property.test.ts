// Property: random action sequences against the real server agree with a model of the state
// table (product-decisions §1/§3). Over HTTP, so the routes, verbs, SQL and log rows are all real.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnits } from "@/lib/studio/core/money";
import { api, createInvoice, getInvoice, invoiceLogs, REFUND_ADDRESS, type ApiResponse } from "./support";

type Status = "approval_pending" | "approved" | "rejected" | "cancelled" | "expired" | "paid" | "underpaid" | "payment_review" | "signed" | "refunded";
type Step =
  | { kind: "update" | "approve" | "reject" | "cancel" | "sign" | "refund" }
  | { kind: "pay"; amount: string; late: boolean };

const DUE = parseUnits("125.5", 6);
const TERMINAL: Status[] = ["cancelled", "signed", "refunded"];

type Model = { status: Status; received: bigint; logs: number };

/** The model's verdict: the next status, or null when the action must be refused (409). */
function modelStep(model: Model, step: Step): { status: Status; logged: boolean; received: bigint } | null {
  const { status, received } = model;
  const to = (next: Status, logged = true) => ({ status: next, logged, received });
  switch (step.kind) {
    case "update":
      return status === "approval_pending" || status === "rejected" ? to("approval_pending") : null;
    case "approve":
      return status === "approval_pending" ? to("approved") : null;
    case "reject":
      return status === "approval_pending" ? to("rejected") : null;
    case "cancel":
      return status === "approval_pending" || (status === "approved" && received === 0n) ? to("cancelled") : null;
    case "sign":
      return ["paid", "underpaid", "payment_review"].includes(status) ? to("signed") : null;
    case "refund":
      return ["paid", "underpaid", "payment_review"].includes(status) ? to("refunded") : null;
    case "pay": {
      const total = received + parseUnits(step.amount, 6);
      if (status === "approved") {
        const next: Status = step.late ? "payment_review" : total >= DUE ? "paid" : "underpaid";
        return { status: next, logged: true, received: total };
      }
      if (status === "expired") return { status: "payment_review", logged: true, received: total };
      // An on-time top-up that completes the amount pays an underpaid invoice (product-decisions §9).
      if (status === "underpaid" && !step.late && total >= DUE) return { status: "paid", logged: true, received: total };
      if (status === "paid" || status === "underpaid" || status === "payment_review") {
        return { status, logged: false, received: total };
      }
      return null;
    }
  }
}

async function perform(invoice: any, step: Step): Promise<ApiResponse> {
  const id = invoice.id;
  switch (step.kind) {
    case "update":
      return api("PUT", `/invoice/intent/${id}`, { role: "finance", body: { description: "property edit" } });
    case "approve":
      return api("POST", `/invoice/intent/${id}/approve`, { role: "approver" });
    case "reject":
      return api("POST", `/invoice/intent/${id}/reject`, { role: "approver", body: { reason: "property reject" } });
    case "cancel":
      return api("POST", `/invoice/intent/${id}/cancel`, { role: "finance" });
    case "sign":
      return api("POST", `/invoice/intent/${id}/sign`, { role: "admin", body: { refund_address: REFUND_ADDRESS.evm } });
    case "refund":
      return api("POST", `/invoice/intent/${id}/refund`, {
        role: "admin",
        body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "property refund", refund_attachments: [] },
      });
    case "pay": {
      const current = await getInvoice(id);
      const deadline = current.payment_intent.payment_deadline as number;
      const timestamp = step.late ? deadline + 60 : Math.min(deadline, Math.floor(Date.now() / 1000));
      return api("POST", `/sandbox/payment_intent/${current.payment_intent.payment_intent_id}/pay`, {
        role: "admin",
        body: { amount: step.amount, timestamp },
      });
    }
  }
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom<Step>(
    { kind: "update" },
    { kind: "approve" },
    { kind: "approve" },
    { kind: "reject" },
    { kind: "cancel" },
    { kind: "sign" },
    { kind: "refund" },
  ),
  fc.record({
    kind: fc.constant("pay" as const),
    amount: fc.constantFrom("125.5", "100", "25.5", "0.000001", "300"),
    late: fc.boolean(),
  }),
);

describe("state table property", () => {
  it("random action sequences: status always the model's, one log row per transition, nothing after a terminal status", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        const invoice = await createInvoice();
        let model: Model = { status: "approval_pending", received: 0n, logs: 1 };
        let terminal = false;
        for (const step of steps) {
          const verdict = modelStep(model, step);
          const response = await perform(invoice, step);
          if (verdict === null) {
            expect(response.status, `${step.kind} from ${model.status}: ${JSON.stringify(response.body)}`).toBe(409);
            expect(response.body.code).toBe(40900);
          } else {
            expect(terminal, `${step.kind} succeeded after terminal ${model.status}`).toBe(false);
            expect(response.status, `${step.kind} from ${model.status}: ${JSON.stringify(response.body)}`).toBe(200);
            model = { status: verdict.status, received: verdict.received, logs: model.logs + (verdict.logged ? 1 : 0) };
          }
          terminal = TERMINAL.includes(model.status);
          const actual = await getInvoice(invoice.id);
          expect(actual.status).toBe(model.status);
          const received = actual.payment_intent.received_crypto_amount;
          expect(received === null ? 0n : parseUnits(received, 6)).toBe(model.received);
          expect(await invoiceLogs(invoice.id)).toHaveLength(model.logs);
        }
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
