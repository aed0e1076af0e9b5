// The review actions' rules beyond the state table: permissions, maker-checker, request bodies,
// and what approve, sign and refund write into the payment intent.
import { describe, expect, it } from "vitest";
import {
  api,
  approvedInvoice,
  approveInvoice,
  createInvoice,
  createPayout,
  expectError,
  getInvoice,
  invoiceLogs,
  payOk,
  REFUND_ADDRESS,
  user,
  type Role,
} from "./support";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const EVM_TX = /^0x[0-9a-f]{64}$/;

/** Status, payment status and log length: what "nothing changed" means for an invoice. */
async function snapshot(id: string) {
  const invoice = await getInvoice(id);
  return { status: invoice.status, payment: invoice.payment_intent, logs: (await invoiceLogs(id)).length };
}

describe("permissions (spec part 5)", () => {
  const cases: Array<{ action: string; body?: unknown; denied: Role[]; permission: string; setup: "created" | "paid" }> = [
    { action: "approve", denied: ["finance", "viewer"], permission: "transfer:approve", setup: "created" },
    { action: "reject", body: { reason: "no" }, denied: ["finance", "viewer"], permission: "transfer:approve", setup: "created" },
    { action: "cancel", denied: ["approver", "viewer"], permission: "transfer:create", setup: "created" },
    { action: "sign", denied: ["finance", "approver", "viewer"], permission: "transfer:sign", setup: "paid" },
    {
      action: "refund",
      body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "r", refund_attachments: [] },
      denied: ["finance", "approver", "viewer"],
      permission: "transfer:sign",
      setup: "paid",
    },
  ];
  it.each(cases)("$action is refused to $denied with 403/40300 naming $permission, and changes nothing", async (spec) => {
    let invoice = await createInvoice();
    if (spec.setup === "paid") {
      invoice = await approveInvoice(invoice.id);
      invoice = (await payOk(invoice.payment_intent.payment_address, "125.5")).invoice;
    }
    const before = await snapshot(invoice.id);
    for (const role of spec.denied) {
      const response = await api("POST", `/invoice/intent/${invoice.id}/${spec.action}`, { role, body: spec.body });
      expect(expectError(response, 403, 40300).message).toContain(spec.permission);
    }
    expect(await snapshot(invoice.id)).toEqual(before);
  });

  it.each(["approve", "reject", "cancel", "sign", "refund"])("%s of another organization's invoice is 404", async (action) => {
    const invoice = await createInvoice();
    const response = await api("POST", `/invoice/intent/${invoice.id}/${action}`, {
      role: "admin",
      orgIndex: 1,
      body: { reason: "x", refund_address: REFUND_ADDRESS.evm, refund_reason: "x", refund_attachments: [] },
    });
    expectError(response, 404, 40400);
    expect((await getInvoice(invoice.id)).status).toBe("approval_pending");
  });
});

describe("maker-checker", () => {
  it("refuses the creator approving their own invoice with 403/40302, even with every permission", async () => {
    const invoice = await createInvoice({ role: "admin" });
    const before = await snapshot(invoice.id);
    const response = await api("POST", `/invoice/intent/${invoice.id}/approve`, { role: "admin" });
    expect(expectError(response, 403, 40302).message).toMatch(/created/);
    expect(await snapshot(invoice.id)).toEqual(before);
    // Another approver may.
    const approved = await approveInvoice(invoice.id, { role: "approver" });
    expect(approved.status).toBe("approved");
  });

  it("lets admin approve an invoice finance created", async () => {
    const invoice = await createInvoice({ role: "finance" });
    const approved = await approveInvoice(invoice.id, { role: "admin" });
    expect(approved.status).toBe("approved");
    expect((await invoiceLogs(invoice.id)).at(-1)?.operator_uid).toBe(user("admin").uid);
  });
});

describe("approve", () => {
  it("opens a unique, checksummed deposit address and the requested deadline", async () => {
    const deadline = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const a = await approvedInvoice({ payment_deadline: deadline });
    const b = await approvedInvoice();
    expect(a.payment_intent.status).toBe("pending");
    expect(a.payment_intent.payment_deadline).toBe(deadline);
    expect(a.payment_intent.payment_address).toMatch(EVM_ADDRESS);
    expect(a.payment_intent.payment_address).not.toBe(a.payment_intent.payment_address.toLowerCase());
    expect(a.payment_intent.payment_address).not.toBe(b.payment_intent.payment_address);
    expect(a.approve_time).not.toBeNull();
  });

  it("without a requested deadline uses issue date + payment terms, never less than 24 h after approval", async () => {
    // Approval happens between `before` and `after`: "24 h after approval" lies within those bounds.
    const approvedWithin = async (overrides: Record<string, unknown>) => {
      const created = await createInvoice({ overrides });
      const before = Math.floor(Date.now() / 1000);
      const approved = await approveInvoice(created.id);
      return { deadline: approved.payment_intent.payment_deadline as number, before, after: Math.ceil(Date.now() / 1000) };
    };
    const expectDayAfterApproval = ({ deadline, before, after }: { deadline: number; before: number; after: number }) => {
      expect(deadline).toBeGreaterThanOrEqual(before + 86_400);
      expect(deadline).toBeLessThanOrEqual(after + 86_400);
    };
    // Issued long ago: issue date + terms has passed, so the window is 24 h from approval.
    expectDayAfterApproval(await approvedWithin({ invoice_issue_date: "2020-01-01", payment_terms: 30 }));
    // payment_terms 0: 24 h from approval, whatever the issue date.
    const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    expectDayAfterApproval(await approvedWithin({ invoice_issue_date: future, payment_terms: 0 }));
    expectDayAfterApproval(await approvedWithin({ payment_terms: 0 }));
    // Otherwise exactly issue date + terms days.
    const later = await approvedWithin({ invoice_issue_date: future, payment_terms: 14 });
    expect(later.deadline).toBe(Date.parse(`${future}T00:00:00Z`) / 1000 + 14 * 86_400);
    const today = new Date().toISOString().slice(0, 10);
    const issuedToday = await approvedWithin({ invoice_issue_date: today, payment_terms: 7 });
    expect(issuedToday.deadline).toBe(Date.parse(`${today}T00:00:00Z`) / 1000 + 7 * 86_400);
  });

  it("derives Tron and Solana addresses in their own formats", async () => {
    const tron = await approvedInvoice({ chain: "tron", pay_token: "USDT" });
    expect(tron.payment_intent.payment_address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const sol = await approvedInvoice({ chain: "sol", pay_token: "USDC" });
    expect(sol.payment_intent.payment_address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it("logs the approver with reason approved", async () => {
    const invoice = await approvedInvoice();
    const logs = await invoiceLogs(invoice.id);
    expect(logs.map((log) => log.to_status)).toEqual(["approval_pending", "approved"]);
    expect(logs[1]).toMatchObject({ from_status: "approval_pending", operator_uid: user("approver").uid, reason: "approved" });
    expect(new Date(logs[1]!.created_at).toISOString()).toBe(logs[1]!.created_at);
  });
});

describe("reject", () => {
  it.each([{}, { reason: "" }, { reason: "   " }, { reason: 5 }])("requires a non-blank reason: %j → 400", async (body) => {
    const invoice = await createInvoice();
    const before = await snapshot(invoice.id);
    const response = await api("POST", `/invoice/intent/${invoice.id}/reject`, { role: "approver", body });
    expect(expectError(response, 400, 40000).errors?.[0]?.field).toBe("reason");
    expect(await snapshot(invoice.id)).toEqual(before);
  });

  it("keeps the reason in the log, and a PUT resubmits", async () => {
    const invoice = await createInvoice();
    const response = await api("POST", `/invoice/intent/${invoice.id}/reject`, { role: "approver", body: { reason: "Wrong amount" } });
    expect(response.status).toBe(200);
    expect(response.body.data.payment_intent.status).toBe("cancelled");
    expect((await invoiceLogs(invoice.id)).at(-1)).toMatchObject({ to_status: "rejected", reason: "Wrong amount" });
    const resubmitted = await api("PUT", `/invoice/intent/${invoice.id}`, { role: "finance", body: { description: "fixed" } });
    expect(resubmitted.body.data.status).toBe("approval_pending");
    expect((await invoiceLogs(invoice.id)).at(-1)).toMatchObject({ from_status: "rejected", reason: "resubmitted" });
  });
});

describe("cancel", () => {
  it("needs no body, and logs a given reason", async () => {
    const plain = await createInvoice();
    const response = await api("POST", `/invoice/intent/${plain.id}/cancel`, { role: "finance" });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe("cancelled");
    expect(response.body.data.payment_intent.status).toBe("cancelled");
    expect((await invoiceLogs(plain.id)).at(-1)?.reason).toBe("cancelled");

    const approved = await approvedInvoice();
    const withReason = await api("POST", `/invoice/intent/${approved.id}/cancel`, { role: "finance", body: { reason: "Customer left" } });
    expect(withReason.status).toBe(200);
    expect((await invoiceLogs(approved.id)).at(-1)).toMatchObject({ from_status: "approved", reason: "Customer left" });
    // The address is dead once cancelled.
    const late = await api("POST", "/sandbox/pay", { role: "admin", body: { payment_address: approved.payment_intent.payment_address, amount: "1" } });
    expectError(late, 409, 40900);
  });
});

describe("sign", () => {
  it("settles an exact payment: aggregation and finalized fields, no partial refund", async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "125.5");
    const response = await api("POST", `/invoice/intent/${invoice.id}/sign`, { role: "admin" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const pi = response.body.data.payment_intent;
    expect(response.body.data.status).toBe("signed");
    expect(pi.status).toBe("success");
    expect(pi.aggregation_tx_hash).toMatch(EVM_TX);
    expect(pi.aggregation_tx_timestamp).toBeGreaterThan(1_700_000_000);
    expect(pi.finalized_timestamp).toBe(pi.aggregation_tx_timestamp);
    expect(pi.partial_refund_tx_hash).toBeNull();
    expect(pi.partial_refund_amount).toBeNull();
    expect(pi.partial_refund_address).toBeNull();
    expect((await invoiceLogs(invoice.id)).at(-1)).toMatchObject({ from_status: "paid", to_status: "signed", operator_uid: user("admin").uid });
  });

  it("on an overpayment requires refund_address (400 naming both amounts) and refunds the excess", async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "130.25");
    const before = await snapshot(invoice.id);
    const missing = await api("POST", `/invoice/intent/${invoice.id}/sign`, { role: "admin" });
    const error = expectError(missing, 400, 40000);
    expect(error.message).toContain("130.25");
    expect(error.message).toContain("125.5");
    expect(error.errors?.[0]?.field).toBe("refund_address");

    const invalid = await api("POST", `/invoice/intent/${invoice.id}/sign`, { role: "admin", body: { refund_address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH" } });
    expect(expectError(invalid, 422, 42200).errors?.[0]?.field).toBe("refund_address");
    const badChecksum = await api("POST", `/invoice/intent/${invoice.id}/sign`, {
      role: "admin",
      body: { refund_address: "0x9858efFD232B4033E47d90003D41EC34EcaEda94" },
    });
    expectError(badChecksum, 422, 42200);
    expect(await snapshot(invoice.id)).toEqual(before);

    const signed = await api("POST", `/invoice/intent/${invoice.id}/sign`, {
      role: "admin",
      body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "paid too much", refund_attachments: ["file_1"] },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const pi = signed.body.data.payment_intent;
    expect(pi.status).toBe("success");
    expect(pi.received_crypto_amount).toBe("130.25");
    expect(pi.partial_refund_amount).toBe("4.75");
    expect(pi.partial_refund_address).toBe(REFUND_ADDRESS.evm);
    expect(pi.partial_refund_tx_hash).toMatch(EVM_TX);
    expect(pi.partial_refund_tx_hash).not.toBe(pi.aggregation_tx_hash);
    expect(pi.refund_reason).toBe("paid too much");
    expect(pi.refund_attachments).toEqual(["file_1"]);
    expect(pi.refund_tx_hash).toBeNull();
  });

  it("settles an underpaid invoice without a refund address, and a late one from payment_review", async () => {
    const under = await approvedInvoice();
    await payOk(under.payment_intent.payment_address, "100");
    const signed = await api("POST", `/invoice/intent/${under.id}/sign`, { role: "admin", body: {} });
    expect(signed.body.data.status).toBe("signed");
    expect(signed.body.data.payment_intent.partial_refund_amount).toBeNull();

    const late = await approvedInvoice();
    await payOk(late.payment_intent.payment_address, "125.5", { timestamp: late.payment_intent.payment_deadline + 1 });
    const signedLate = await api("POST", `/invoice/intent/${late.id}/sign`, { role: "admin" });
    expect(signedLate.body.data.status).toBe("signed");
    expect((await invoiceLogs(late.id)).at(-1)?.from_status).toBe("payment_review");
  });

  it("uses each chain's transaction hash format", async () => {
    const tron = await approvedInvoice({ chain: "tron", pay_token: "USDT" });
    await payOk(tron.payment_intent.payment_address, "130", {});
    const tronSigned = await api("POST", `/invoice/intent/${tron.id}/sign`, { role: "admin", body: { refund_address: REFUND_ADDRESS.tron } });
    expect(tronSigned.status, JSON.stringify(tronSigned.body)).toBe(200);
    expect(tronSigned.body.data.payment_intent.aggregation_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tronSigned.body.data.payment_intent.partial_refund_amount).toBe("4.5");

    const sol = await approvedInvoice({ chain: "sol", pay_token: "USDC" });
    await payOk(sol.payment_intent.payment_address, "125.5");
    const evmForSol = await api("POST", `/invoice/intent/${sol.id}/refund`, {
      role: "admin",
      body: { refund_address: REFUND_ADDRESS.evm, refund_reason: "r", refund_attachments: [] },
    });
    expectError(evmForSol, 422, 42200);
    const solRefund = await api("POST", `/invoice/intent/${sol.id}/refund`, {
      role: "admin",
      body: { refund_address: REFUND_ADDRESS.sol, refund_reason: "r", refund_attachments: [] },
    });
    expect(solRefund.status, JSON.stringify(solRefund.body)).toBe(200);
    expect(solRefund.body.data.payment_intent.refund_tx_hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  });
});

describe("refund", () => {
  const valid = { refund_address: REFUND_ADDRESS.evm, refund_reason: "customer request", refund_attachments: [] as string[] };

  it.each([
    ["refund_address", { refund_reason: "r", refund_attachments: [] }],
    ["refund_reason", { refund_address: REFUND_ADDRESS.evm, refund_attachments: [] }],
    ["refund_reason", { refund_address: REFUND_ADDRESS.evm, refund_reason: "  ", refund_attachments: [] }],
    ["refund_attachments", { refund_address: REFUND_ADDRESS.evm, refund_reason: "r" }],
  ])("requires %s", async (field, body) => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "125.5");
    const before = await snapshot(invoice.id);
    const response = await api("POST", `/invoice/intent/${invoice.id}/refund`, { role: "admin", body });
    expect(expectError(response, 400, 40000).errors?.map((e) => e.field)).toContain(field);
    expect(await snapshot(invoice.id)).toEqual(before);
  });

  it("returns everything received (top-ups included) and records hash, amount, address, reason", async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "125.5");
    await payOk(invoice.payment_intent.payment_address, "0.000001");
    const response = await api("POST", `/invoice/intent/${invoice.id}/refund`, {
      role: "admin",
      body: { ...valid, refund_attachments: ["file_a", "file_b"] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const pi = response.body.data.payment_intent;
    expect(response.body.data.status).toBe("refunded");
    expect(pi.status).toBe("refunded");
    expect(pi.refund_crypto_amount).toBe("125.500001");
    expect(pi.received_crypto_amount).toBe("125.500001");
    expect(pi.refund_tx_hash).toMatch(EVM_TX);
    expect(pi.refund_address).toBe(REFUND_ADDRESS.evm);
    expect(pi.refund_attachments).toEqual(["file_a", "file_b"]);
    expect((await invoiceLogs(invoice.id)).at(-1)).toMatchObject({ from_status: "paid", to_status: "refunded", reason: "customer request" });
  });

  it("from underpaid ends insufficient_refunded", async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "20");
    const response = await api("POST", `/invoice/intent/${invoice.id}/refund`, { role: "admin", body: valid });
    expect(response.body.data.payment_intent).toMatchObject({ status: "insufficient_refunded", refund_crypto_amount: "20" });
  });

  it("refuses an address invalid for the chain with 422/42200 and changes nothing", async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "125.5");
    const before = await snapshot(invoice.id);
    for (const address of ["0x1234", "not an address", REFUND_ADDRESS.sol, "0x9858EFFD232B4033E47d90003D41EC34EcaEda94"]) {
      const response = await api("POST", `/invoice/intent/${invoice.id}/refund`, { role: "admin", body: { ...valid, refund_address: address } });
      expect(expectError(response, 422, 42200).errors?.[0]?.field).toBe("refund_address");
    }
    // All-lowercase EVM carries no checksum and is accepted.
    expect(await snapshot(invoice.id)).toEqual(before);
    const lower = await api("POST", `/invoice/intent/${invoice.id}/refund`, {
      role: "admin",
      body: { ...valid, refund_address: REFUND_ADDRESS.evm.toLowerCase() },
    });
    expect(lower.status).toBe(200);
  });
});

describe("logs", () => {
  it("lists every transition oldest first with ISO timestamps", async () => {
    const invoice = await approvedInvoice();
    await payOk(invoice.payment_intent.payment_address, "125.5");
    await api("POST", `/invoice/intent/${invoice.id}/sign`, { role: "admin" });
    const logs = await invoiceLogs(invoice.id);
    expect(logs.map((log) => [log.from_status, log.to_status, log.operator_uid])).toEqual([
      ["", "approval_pending", user("finance").uid],
      ["approval_pending", "approved", user("approver").uid],
      ["approved", "paid", "system"],
      ["paid", "signed", user("admin").uid],
    ]);
    const times = logs.map((log) => Date.parse(log.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const foreign = await api("GET", `/invoice/intent/${invoice.id}/logs`, { role: "admin", orgIndex: 1 });
    expectError(foreign, 404, 40400);
  });
});

describe("approving opens the payment window: a deadline already past is refused", () => {
  // Create accepts a deadline up to a minute in the past (clock skew between the merchant's
  // servers and ours); once that minute has run out, approving would open a window that is
  // already shut and expires at once.
  const GRACE_SECONDS = 60;

  it("an invoice and a payout whose payment_deadline has passed: 422 naming the field, and nothing changes", async () => {
    // Ten seconds inside the grace, so the creates pass however slow the machine.
    const deadline = Math.floor(Date.now() / 1000) - GRACE_SECONDS + 10;
    const records = [
      { base: "/invoice/intent", created: await createInvoice({ overrides: { payment_deadline: deadline } }) },
      { base: "/payout/intent", created: await createPayout({ overrides: { payment_deadline: deadline } }) },
    ];
    while (Date.now() / 1000 <= deadline + GRACE_SECONDS + 1) await new Promise((resolve) => setTimeout(resolve, 200));
    for (const { base, created } of records) {
      const before = await api("GET", `${base}/${created.id}`, { role: "viewer" });
      const refused = expectError(await api("POST", `${base}/${created.id}/approve`, { role: "approver" }), 422, 42200);
      expect(refused.errors, base).toEqual([{ field: "payment_deadline", message: "has already passed" }]);
      expect((await api("GET", `${base}/${created.id}`, { role: "viewer" })).body.data, base).toEqual(before.body.data);
      expect((await api("GET", `${base}/${created.id}/logs`, { role: "viewer" })).body.data, base).toHaveLength(1);
    }
  });
});
