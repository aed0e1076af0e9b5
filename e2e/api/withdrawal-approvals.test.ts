// Withdrawal requests (issue 25): under the withdrawal policy's threshold a withdrawal is sent at
// once; over it, it waits as awaiting_approval (nothing sent or debited) for distinct approvers who
// are not its requester, and its last approval sends it; a rejection sends nothing. The policy in
// force when it was requested stays its policy, and of concurrent approvals of one step one counts.
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, fundBalance, ledgerEntries, newPerson, PAYOUT_TARGET, setTestApprovalPolicy, TEST_WITHDRAWAL_POLICY, withdraw } from "./support";

const OP_USDC = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
// Amounts in the test withdrawal policy's tiers (TEST_WITHDRAWAL_POLICY): two, three, and two with org:manage.
const TWO = "55000000";
const THREE = "65000000";
const TWO_WITH_MANAGER = "75000000";

const request = (amount: string) => ({ chain_id: "optimism", contract_address: OP_USDC, amount, wallet_address: PAYOUT_TARGET.evm });
type Caller = { role: "admin" | "approver" | "finance" | "viewer" } | { key: string };
const approve = (id: string, as: Caller) => api("POST", `/asset_pro/transfer/${id}/approve`, as);
const reject = (id: string, as: Caller, body: unknown = { reason: "Unknown wallet" }) => api("POST", `/asset_pro/transfer/${id}/reject`, { ...as, body });
const transferOf = async (id: string) => {
  const response = await api("GET", `/asset_pro/transfer/${id}`, { role: "viewer" });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};
const inboxIds = async (as: Caller) => {
  const response = await api("GET", "/inbox", as);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.rows.filter((row: { kind: string }) => row.kind === "withdrawal").map((row: { id: string }) => row.id) as string[];
};
/** The ledger rows of one withdrawal: other files withdraw from the same balance, so its total moves under this file. */
const debitsOf = async (id: string) => (await ledgerEntries({ chain: "optimism", token: "USDC", kind: "withdrawal" })).filter((entry) => entry.transfer_id === id);

let requester: string;
let approvers: string[] = [];

/** A withdrawal request of `amount` by this file's requester, its balance funded first. */
async function requested(amount: string) {
  await fundBalance("optimism", "USDC", amount);
  const response = await withdraw(request(amount), { key: requester });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.data.status).toBe("awaiting_approval");
  return response.body.data as { id: string };
}

beforeAll(async () => {
  await setTestApprovalPolicy("withdrawal");
  // A signer who holds transfer:approve too (the maker-checker case), and approvers of their own, none with org:manage.
  requester = (await newPerson(["transfer:read", "transfer:sign", "transfer:approve"], 0)).key;
  approvers = (await Promise.all(Array.from({ length: 5 }, () => newPerson(["transfer:read", "transfer:approve"], 0)))).map((made) => made.key);
}, 180_000);

describe("the withdrawal policy", () => {
  it("is listed beside the others, its default needing nobody; only a withdrawal tier may need no approver", async () => {
    const policies = (await api("GET", "/approval_policies", { role: "viewer" })).body.data;
    expect(policies.find((policy: { record_kind: string }) => policy.record_kind === "withdrawal").tiers).toEqual(TEST_WITHDRAWAL_POLICY.tiers);
    expect((await api("GET", "/approval_policies", { role: "viewer", orgIndex: 1 })).body.data).toContainEqual(
      expect.objectContaining({ record_kind: "withdrawal", tiers: [{ from_usd: "0", approvers: 0, org_manage: false }] }),
    );
    for (const kind of ["invoice", "payout"]) {
      const refused = await api("PUT", `/approval_policies/${kind}`, { role: "admin", body: { tiers: [{ from_usd: "0", approvers: 0 }] } });
      expect(expectError(refused, 400, 40000).errors?.map((issue) => issue.field)).toEqual(["tiers.0.approvers"]);
    }
    const invoicePolicy = (await api("GET", "/approval_policies", { role: "viewer" })).body.data.find((policy: { record_kind: string }) => policy.record_kind === "invoice");
    expect(invoicePolicy.tiers[0].approvers).toBeGreaterThan(0);
  });
});

describe("under the threshold", () => {
  it("is sent at once, as before: no approval, a transaction hash, one debit", async () => {
    await fundBalance("optimism", "USDC", "2");
    const response = await withdraw(request("1.5"), { key: requester });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ status: "submitted", approval: null, reject_reason: null });
    expect(response.body.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await debitsOf(response.body.data.id)).toHaveLength(1);
  });
});

describe("over the threshold", () => {
  it("is a request: nothing sent or debited, its policy step shown, in the approvers' inboxes but not its requester's", async () => {
    const transfer = await requested(TWO);
    expect(transfer).toMatchObject({ status: "awaiting_approval", tx_hash: null, approval: { required: 2, collected: 0, policy_step: "1 of 2" } });
    expect(await debitsOf(transfer.id)).toEqual([]);
    const state = (await api("GET", `/asset_pro/transfer/${transfer.id}/approvals`, { role: "viewer" })).body.data;
    expect(state).toMatchObject({ required: 2, org_manage_required: false, approvals: [], next_step: 1 });
    expect(await inboxIds({ key: approvers[0]! })).toContain(transfer.id);
    expect(await inboxIds({ key: requester })).not.toContain(transfer.id);
    const row = (await api("GET", "/inbox", { key: approvers[0]! })).body.data.rows.find((candidate: { id: string }) => candidate.id === transfer.id);
    expect(row).toMatchObject({ kind: "withdrawal", number: transfer.id, amount: TWO, token: "USDC", chain: "optimism", recipient_name: PAYOUT_TARGET.evm, recipient_email: null, policy_step: "1 of 2", assigned_reviewer: null });
    const listed = (await api("GET", "/asset_pro/transfers?page_size=50", { role: "viewer" })).body.data.find((candidate: { id: string }) => candidate.id === transfer.id);
    expect(listed).toMatchObject({ status: "awaiting_approval", approval: { policy_step: "1 of 2" } });
    // Without transfer:approve there is no inbox to be in.
    expectError(await api("GET", "/inbox", { role: "viewer" }), 403, 40300);
  });

  it("refuses its requester's approval with 403/40302 and a second approval by the same person, changing nothing", async () => {
    const transfer = await requested(TWO);
    expect(expectError(await approve(transfer.id, { key: requester }), 403, 40302).message).toMatch(/created/);
    const first = await approve(transfer.id, { key: approvers[0]! });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: "awaiting_approval", tx_hash: null, approval: { collected: 1, policy_step: "2 of 2" } });
    expect(expectError(await approve(transfer.id, { key: approvers[0]! }), 403, 40302).message).toMatch(/already approved/);
    expect((await transferOf(transfer.id)).approval).toMatchObject({ collected: 1 });
    expect(await inboxIds({ key: approvers[0]! })).not.toContain(transfer.id);
    expect(await inboxIds({ key: approvers[1]! })).toContain(transfer.id);
    const audit = (await api("GET", `/audit_log?object_id=${transfer.id}&action=withdrawal.approval_recorded`, { role: "admin" })).body.data;
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ step: 1, required: 2, reason: "approval 1 of 2" });
  });

  it("is sent by its last approval: debited once, a transaction hash, out of every inbox; then approve and reject are 409/40900", async () => {
    const transfer = await requested(TWO);
    expect((await approve(transfer.id, { key: approvers[0]! })).status).toBe(200);
    const last = await approve(transfer.id, { role: "approver" });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data).toMatchObject({ status: "submitted", approval: { required: 2, collected: 2, policy_step: null } });
    expect(last.body.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await debitsOf(transfer.id)).toEqual([expect.objectContaining({ amount: `-${TWO}`, kind: "withdrawal" })]);
    expect((await transferOf(transfer.id)).status).toBe("confirmed");
    expect(await inboxIds({ key: approvers[1]! })).not.toContain(transfer.id);
    expect((await api("GET", `/audit_log?object_id=${transfer.id}&action=withdrawal.approved`, { role: "admin" })).body.data).toHaveLength(1);
    expectError(await approve(transfer.id, { key: approvers[1]! }), 409, 40900);
    expectError(await reject(transfer.id, { key: approvers[1]! }), 409, 40900);
    expect(await debitsOf(transfer.id)).toHaveLength(1);
  });

  it("needs an org:manage holder on a tier that says so", async () => {
    const transfer = await requested(TWO_WITH_MANAGER);
    expect((await approve(transfer.id, { key: approvers[0]! })).status).toBe(200);
    expect(expectError(await approve(transfer.id, { key: approvers[1]! }), 403, 40300).message).toContain("org:manage");
    expect((await approve(transfer.id, { role: "admin" })).body.data.status).toBe("submitted");
  });

  it("is rejected with a reason by an approver: nothing sent, out of the inboxes, no approval after", async () => {
    const transfer = await requested(TWO);
    expectError(await reject(transfer.id, { key: approvers[0]! }, {}), 400, 40000);
    expectError(await reject(transfer.id, { role: "viewer" }), 403, 40300);
    const rejected = await reject(transfer.id, { key: approvers[0]! });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: "rejected", tx_hash: null, reject_reason: "Unknown wallet", approval: { policy_step: null } });
    expect(await inboxIds({ key: approvers[1]! })).not.toContain(transfer.id);
    expectError(await approve(transfer.id, { key: approvers[1]! }), 409, 40900);
    // A refused body on a record that no longer awaits approval says so first.
    expectError(await reject(transfer.id, { key: approvers[1]! }, {}), 409, 40900);
    expect(await debitsOf(transfer.id)).toEqual([]);
    expect((await transferOf(transfer.id)).status).toBe("rejected");
  });

  it("answers 404 for an unknown or another organization's withdrawal", async () => {
    const transfer = await requested(TWO);
    expectError(await approve("wd_000000000000000000000000", { role: "approver" }), 404, 40400);
    expectError(await api("POST", `/asset_pro/transfer/${transfer.id}/approve`, { role: "approver", orgIndex: 1 }), 404, 40400);
    expectError(await reject("wd_000000000000000000000000", { role: "approver" }, {}), 404, 40400);
  });

  it("refuses a request the balance could not pay now (422), writing nothing", async () => {
    const before = (await api("GET", "/asset_pro/transfers?page_size=1", { role: "viewer" })).body.paging.total_count;
    const refused = await withdraw(request("90000000000"), { key: requester });
    expect(expectError(refused, 422, 42200).errors?.map((issue) => issue.field)).toEqual(["amount"]);
    // Other files may withdraw meanwhile, but none of this file's requester's requests was written.
    const mine = (await api("GET", "/asset_pro/transfers?page_size=100", { role: "viewer" })).body.data.filter((row: { amount: string }) => row.amount === "90000000000");
    expect(mine).toEqual([]);
    expect(before).toBeGreaterThan(0);
  });
});

describe("the policy in force when it was requested", () => {
  it("stays its policy after the organization changes it", async () => {
    const before = await requested(TWO);
    const stricter = { tiers: [{ from_usd: "0", approvers: 0 }, { from_usd: "50000000", approvers: 3 }] };
    expect((await api("PUT", "/approval_policies/withdrawal", { role: "admin", body: stricter })).status).toBe(200);
    try {
      const after = await requested(TWO);
      expect((await transferOf(after.id)).approval).toMatchObject({ required: 3 });
      expect((await transferOf(before.id)).approval).toMatchObject({ required: 2 });
      expect((await approve(before.id, { key: approvers[0]! })).status).toBe(200);
      expect((await approve(before.id, { key: approvers[1]! })).body.data.status).toBe("submitted");
    } finally {
      await setTestApprovalPolicy("withdrawal");
    }
  });
});

describe("races", () => {
  it("of concurrent approvals of the last step, exactly one counts and it is debited once", async () => {
    const transfer = await requested(TWO);
    expect((await approve(transfer.id, { role: "approver" })).status).toBe(200);
    const answers = await Promise.all(approvers.map((key) => approve(transfer.id, { key })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(answer.status).toBe(409);
    expect((await transferOf(transfer.id)).approval).toMatchObject({ required: 2, collected: 2 });
    expect(await debitsOf(transfer.id)).toHaveLength(1);
    expect((await api("GET", `/audit_log?object_id=${transfer.id}&action=withdrawal.approved`, { role: "admin" })).body.data).toHaveLength(1);
  });

  it("of many approvers at once on a three-approver tier, each step counts once", async () => {
    const transfer = await requested(THREE);
    const answers = await Promise.all(approvers.map((key) => approve(transfer.id, { key })));
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(3);
    const after = await transferOf(transfer.id);
    expect(after.approval).toMatchObject({ required: 3, collected: accepted });
    expect(after.status).toBe(accepted === 3 ? "confirmed" : "awaiting_approval");
    expect(await debitsOf(transfer.id)).toHaveLength(accepted === 3 ? 1 : 0);
  });
});

// Product-decisions §9: a request awaiting approval reserves its amount. On eth USDC, a balance no
// other file of the organization moves, so what GET /balances shows is this file's doing alone.
describe("a request awaiting approval reserves its amount", () => {
  const ETH_USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  const onEth = (amount: string) => ({ chain_id: "eth", contract_address: ETH_USDC, amount, wallet_address: PAYOUT_TARGET.evm });
  const decimal = (units: bigint) => `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, "0")}`;
  const TWO_UNITS = BigInt(TWO) * 1_000_000n;
  const ethBalance = async () => {
    const row = (await api("GET", "/balances", { role: "viewer" })).body.data.find((entry: { chain_id: string; symbol: string }) => entry.chain_id === "eth" && entry.symbol === "USDC");
    return row ? { amount: units(row.amount), reserved: units(row.reserved) } : { amount: 0n, reserved: 0n };
  };
  /** A USDC amount (signed, as the ledger spells debits) in base units. */
  const units = (text: string) => {
    const [whole, fraction = ""] = text.replace("-", "").split(".");
    return (text.startsWith("-") ? -1n : 1n) * BigInt(whole + fraction.padEnd(6, "0"));
  };
  const ledgerTotal = async () => (await ledgerEntries({ chain: "eth", token: "USDC" })).reduce((sum, entry) => sum + units(entry.amount), 0n);

  it("is out of the balance shown; no request or withdrawal can spend it (422); a rejection releases it; its approval debits it once", async () => {
    const start = await ethBalance();
    await fundBalance("eth", "USDC", TWO);
    const funded = await ethBalance();
    expect(funded.amount).toBe(start.amount + TWO_UNITS);
    const ledgerBefore = await ledgerTotal();

    const first = await withdraw(onEth(decimal(funded.amount)), { key: requester });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.status).toBe("awaiting_approval");
    // Reserved: the balance shown is down by it, the ledger untouched (nothing is debited yet).
    expect(await ethBalance()).toEqual({ amount: 0n, reserved: start.reserved + funded.amount });
    expect(await ledgerTotal()).toBe(ledgerBefore);
    // The same money again: a second request, and a withdrawal under the threshold, are refused naming the amount.
    const second = await withdraw(onEth(TWO), { key: requester });
    expect(expectError(second, 422, 42200).message).toContain("0 USDC available on eth");
    expectError(await withdraw(onEth("0.000001"), { key: requester }), 422, 42200);
    expect((await ethBalance()).amount).toBe(0n);

    // A rejection releases it whole.
    expect((await reject(first.body.data.id, { key: approvers[0]! })).status).toBe(200);
    expect(await ethBalance()).toEqual(funded);

    // Requested again and approved to the end: debited once, the reservation gone with the debit (not both).
    const again = await withdraw(onEth(TWO), { key: requester });
    expect(again.body.data.status, JSON.stringify(again.body)).toBe("awaiting_approval");
    expect((await ethBalance()).amount).toBe(funded.amount - TWO_UNITS);
    expect((await approve(again.body.data.id, { key: approvers[0]! })).status).toBe(200);
    expect((await approve(again.body.data.id, { key: approvers[1]! })).body.data.status).toBe("submitted");
    expect(await ethBalance()).toEqual({ amount: funded.amount - TWO_UNITS, reserved: start.reserved });
    expect(await ledgerTotal()).toBe(ledgerBefore - TWO_UNITS);
    const debits = (await ledgerEntries({ chain: "eth", token: "USDC", kind: "withdrawal" })).filter((entry) => entry.transfer_id === again.body.data.id);
    expect(debits).toEqual([expect.objectContaining({ amount: `-${TWO}` })]);
  });

  it("of requests racing for the same money, exactly one reserves it; the others are 422 and write nothing", async () => {
    await fundBalance("eth", "USDC", TWO);
    const { amount, reserved } = await ethBalance();
    const racers = await Promise.all(approvers.map(() => withdraw(onEth(decimal(amount)), { key: requester })));
    const won = racers.filter((response) => response.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of racers.filter((response) => response.status !== 200)) expectError(lost, 422, 42200);
    expect(won[0]!.body.data.status).toBe("awaiting_approval");
    expect(await ethBalance()).toEqual({ amount: 0n, reserved: reserved + amount });
    const mine = (await api("GET", "/asset_pro/transfers?page_size=100", { role: "viewer" })).body.data.filter(
      (row: { chain_id: string; status: string }) => row.chain_id === "eth" && row.status === "awaiting_approval",
    );
    expect(mine.map((row: { id: string }) => row.id)).toEqual([won[0]!.body.data.id]);
    expect((await reject(won[0]!.body.data.id, { key: approvers[0]! })).status).toBe(200);
    expect(await ethBalance()).toEqual({ amount, reserved });
  });
});
