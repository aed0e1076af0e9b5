import { describe, expect, it } from "vitest";
import { auditedName, permittedActions, postedActions, INVOICE_ACTIONS, PAYOUT_ACTIONS, type ActionSubject, type ActionViewer } from "@/lib/workflow/actions";

const invoiceActions = (subject: ActionSubject, viewer: ActionViewer) => permittedActions("invoice", subject, viewer);
const payoutActions = (subject: ActionSubject, viewer: ActionViewer) => permittedActions("payout", subject, viewer);

const admin = { uid: "u_admin", permissions: ["transfer:read", "transfer:create", "transfer:approve", "transfer:sign"] };
const finance = { uid: "u_fin", permissions: ["transfer:read", "transfer:create"] };
const viewer = { uid: "u_view", permissions: ["transfer:read"] };
const subject = (status: string, creator_uid = "u_fin", received: string | null = null, paymentStatus = "pending") => ({
  status,
  creator_uid,
  payment_intent: { received_crypto_amount: received, crypto_amount: "10", decimals: 6, status: paymentStatus },
});

describe("invoice actions", () => {
  it("offers approve and reject on a pending invoice to an approver who did not create it", () => {
    expect(invoiceActions(subject("approval_pending"), admin)).toEqual(["approve", "reject", "cancel", "edit"]);
  });

  it("hides approve from the creator (maker-checker)", () => {
    expect(invoiceActions(subject("approval_pending", "u_admin"), admin)).not.toContain("approve");
  });

  it("offers sign and refund once paid, and nothing to a viewer", () => {
    expect(invoiceActions(subject("paid", "u_fin", "12"), admin)).toEqual(["sign", "refund"]);
    expect(invoiceActions(subject("approval_pending"), viewer)).toEqual([]);
    expect(invoiceActions(subject("paid"), viewer)).toEqual([]);
  });

  it("offers only refund, not sign, while the funds are held for compliance review", () => {
    expect(invoiceActions(subject("payment_review", "u_fin", "10", "manual_review"), admin)).toEqual(["sign", "refund"]);
    expect(invoiceActions(subject("payment_review", "u_fin", "10", "aml_hold"), admin)).toEqual(["refund"]);
  });

  it("offers cancel on an approved invoice only while no funds arrived", () => {
    expect(invoiceActions(subject("approved"), admin)).toEqual(["cancel"]);
    expect(invoiceActions(subject("approved", "u_fin", "1"), admin)).toEqual([]);
  });
});

describe("payout actions", () => {
  it("offers approve, reject and edit on a pending payout to an admin who did not create it", () => {
    expect(payoutActions(subject("approval_pending"), admin)).toEqual(["approve", "reject", "edit"]);
  });

  it("never offers approve to the payout's creator, but offers reject as the Studio allows it", () => {
    expect(payoutActions(subject("approval_pending", "u_admin"), admin)).toEqual(["reject", "edit"]);
  });

  it("offers refund only while underfunded or in payment review, to transfer:sign", () => {
    expect(payoutActions(subject("underfunded", "u_fin", "5"), admin)).toEqual(["refund"]);
    expect(payoutActions(subject("payment_review", "u_fin", "10"), admin)).toEqual(["refund"]);
    expect(payoutActions(subject("completed", "u_fin", "10"), admin)).toEqual([]);
    expect(payoutActions(subject("underfunded", "u_x", "5"), finance)).toEqual([]);
  });

  it("offers edit in approval_pending or rejected to transfer:create, and nothing to a viewer", () => {
    expect(payoutActions(subject("rejected"), finance)).toEqual(["edit"]);
    expect(payoutActions(subject("approved"), finance)).toEqual([]);
    expect(payoutActions(subject("approval_pending"), viewer)).toEqual([]);
  });
});

describe("declarations", () => {
  it("name the audit rows of the state-table actions people take, and nothing for the system's", () => {
    expect(auditedName("invoice", "update")).toBe("updated");
    expect(auditedName("invoice", "cancel")).toBe("canceled");
    expect(auditedName("payout", "approve")).toBe("approved");
    expect(auditedName("payment_intent", "refund")).toBe("refunded");
    expect(auditedName("invoice", "confirm_payment")).toBeUndefined();
    expect(auditedName("payout", "fund")).toBeUndefined();
  });

  it("post every action but edit, which is the record's PUT", () => {
    expect(postedActions(INVOICE_ACTIONS)).toEqual(["approve", "reject", "cancel", "sign", "refund"]);
    expect(postedActions(PAYOUT_ACTIONS)).toEqual(["approve", "reject", "refund"]);
  });
});
