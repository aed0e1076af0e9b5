// POST /asset_pro/transfer (product-decisions §7) against balances funded through the real flow
// (sandbox-paid standalone intents): every refusal, the debit and its ledger row, GET /balances,
// the transfer's own GET and list, idempotent replays, and the race for the last of a balance.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, balanceUnits, expectError, fundBalance, ledgerEntries, newPerson, PAYOUT_TARGET, REFUND_ADDRESS, withdraw } from "./support";

const ARB_USDC = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
const OP_USDC = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
const BSC_USDT = "0x55d398326f99059fF775485246999027B3197955";
const TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const EVM_TX = /^0x[0-9a-f]{64}$/;

const request = (overrides: Record<string, unknown> = {}) => ({
  chain_id: "optimism",
  contract_address: OP_USDC,
  amount: "1",
  wallet_address: PAYOUT_TARGET.evm,
  ...overrides,
});

async function ledger(query: string, orgIndex: 0 | 1 = 0) {
  const response = await api("GET", `/balances/ledger?${query}`, { role: "viewer", orgIndex });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe("withdrawal", () => {
  it("debits the balance, adds one ledger row, answers Envelope<Transfer>; GET by id and the list show it confirmed", async () => {
    await fundBalance("optimism", "USDC", "30");
    const before = await balanceUnits("optimism", "USDC");
    const response = await withdraw(request({ amount: "12.5", contract_address: OP_USDC.toLowerCase() }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const transfer = response.body.data;
    expect(transfer).toMatchObject({
      chain_id: "optimism",
      contract_address: OP_USDC,
      symbol: "USDC",
      amount: "12.5",
      wallet_address: PAYOUT_TARGET.evm,
      status: "submitted",
    });
    expect(transfer.id).toMatch(/^wd_[0-9a-f]{24}$/);
    expect(transfer.tx_hash).toMatch(EVM_TX);
    expect(Date.parse(transfer.created_at)).toBeGreaterThan(Date.now() - 60_000);
    // KryptoGO's transfer answer: tx_hash and transfer_time (Unix seconds).
    expect(transfer.transfer_time).toBe(Math.floor(Date.parse(transfer.created_at) / 1000));
    expect(await balanceUnits("optimism", "USDC")).toBe(before - 12_500_000n);

    const entries = (await ledger("chain=optimism&token=USDC&kind=withdrawal&page_size=100")).data;
    expect(entries.filter((entry: { transfer_id: string }) => entry.transfer_id === transfer.id)).toEqual([
      expect.objectContaining({ kind: "withdrawal", amount: "-12.5", symbol: "USDC", chain_id: "optimism", payment_intent_id: null }),
    ]);
    // The broadcast follows the commit: by now the sandbox chain has it.
    const fetched = await api("GET", `/asset_pro/transfer/${transfer.id}`, { role: "viewer" });
    expect(fetched.body.data).toEqual({ ...transfer, status: "confirmed" });
    const listed = await api("GET", "/asset_pro/transfers?page_size=5", { role: "viewer" });
    expect(listed.body.data.map((row: { id: string }) => row.id)).toContain(transfer.id);
    expect(listed.body.paging.total_count).toBeGreaterThanOrEqual(1);
    expectError(await api("GET", `/asset_pro/transfer/${transfer.id}`, { role: "viewer", orgIndex: 1 }), 404, 40400);
  });

  it("GET /balances lists every chain/token with a row; what it shows plus what requests reserve equals the sum of its ledger rows", async () => {
    await fundBalance("optimism", "USDC", "2");
    await withdraw(request({ amount: "0.5" }));
    const balances = await api("GET", "/balances", { role: "viewer" });
    const row = balances.body.data.find((entry: { chain_id: string; symbol: string }) => entry.chain_id === "optimism" && entry.symbol === "USDC");
    expect(row).toMatchObject({ contract_address: OP_USDC, decimals: 6 });
    let sum = 0n;
    for (const entry of await ledgerEntries({ chain: "optimism", token: "USDC" })) {
      const negative = entry.amount.startsWith("-");
      const [whole, fraction = ""] = entry.amount.replace("-", "").split(".");
      const units = BigInt(whole + fraction.padEnd(6, "0"));
      sum += negative ? -units : units;
    }
    // Requests awaiting approval (withdrawal-approvals.test.ts) reserve part of it: shown apart, in `reserved`.
    const after = (await api("GET", "/balances", { role: "viewer" })).body.data.find((entry: { chain_id: string; symbol: string }) => entry.chain_id === "optimism" && entry.symbol === "USDC");
    const units = (text: string) => {
      const [whole, fraction = ""] = text.split(".");
      return BigInt(whole + fraction.padEnd(6, "0"));
    };
    expect(units(after.amount) + units(after.reserved)).toBe(sum);
  });

  it("an Idempotency-Key replay answers the first transfer and debits once; the key with another body is 409/40902", async () => {
    await fundBalance("optimism", "USDC", "5");
    const before = await balanceUnits("optimism", "USDC");
    const headers = { "Idempotency-Key": `wd-${randomUUID()}` };
    const first = await withdraw(request({ amount: "3" }), { headers });
    const replay = await withdraw(request({ amount: "3" }), { headers });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data).toEqual(first.body.data);
    expect(await balanceUnits("optimism", "USDC")).toBe(before - 3_000_000n);
    expectError(await withdraw(request({ amount: "2" }), { headers }), 409, 40902);
    expect(await balanceUnits("optimism", "USDC")).toBe(before - 3_000_000n);
  });
});

describe("withdrawal refusals change nothing", () => {
  // A signer of this file's own: the organization's withdrawals also come from other files, but
  // none from this person, so "no withdrawal was written" is a count no other file can move.
  let signer: Awaited<ReturnType<typeof newPerson>>;
  beforeAll(async () => {
    signer = await newPerson(["transfer:read", "transfer:sign"], 0);
  });
  const withdrawalsBySigner = async () => {
    const response = await api("GET", `/audit_log?actor_uid=${signer.person.uid}&action=withdrawal.created&page_size=1`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.paging.total_count as number;
  };

  const cases: Array<[string, number, string, Record<string, unknown>]> = [
    ["chain_id missing", 400, "chain_id", { chain_id: undefined }],
    ["chain_id not a string", 400, "chain_id", { chain_id: 10 }],
    ["contract_address missing", 400, "contract_address", { contract_address: undefined }],
    ["amount missing", 400, "amount", { amount: undefined }],
    ["amount a JSON number", 400, "amount", { amount: 1 }],
    ["amount exponent", 400, "amount", { amount: "1e2" }],
    ["amount negative", 400, "amount", { amount: "-1" }],
    ["wallet_address missing", 400, "wallet_address", { wallet_address: undefined }],
    ["unsupported chain", 422, "chain_id", { chain_id: "dogechain" }],
    ["contract of another chain", 422, "contract_address", { contract_address: ARB_USDC }],
    ["contract of no token", 422, "contract_address", { contract_address: "0x0000000000000000000000000000000000000001" }],
    ["Tron contract on an EVM chain", 422, "contract_address", { contract_address: TRON_USDT }],
    ["wallet address of another family", 422, "wallet_address", { wallet_address: REFUND_ADDRESS.tron }],
    ["wallet address with a bad checksum", 422, "wallet_address", { wallet_address: "0xDE0B295669a9FD93d5F28D9Ec85E40f4cb697BAe" }],
    ["amount zero", 422, "amount", { amount: "0.000" }],
    ["amount with more places than the token", 422, "amount", { amount: "0.0000001" }],
    ["amount over the balance", 422, "amount", { amount: "100000000000" }],
  ];

  it.each(cases)("%s → %i naming %s", async (_name, http, field, overrides) => {
    await fundBalance("optimism", "USDC", "1");
    const before = await balanceUnits("optimism", "USDC");
    const error = expectError(await withdraw(request(overrides), { key: signer.key }), http, http === 400 ? 40000 : 42200);
    expect(error.errors?.map((issue) => issue.field)).toContain(field);
    expect(error.message).toContain(field);
    expect(await balanceUnits("optimism", "USDC")).toBe(before);
    // A withdrawal's audit row is written in its transaction: none means no transfer either.
    expect(await withdrawalsBySigner()).toBe(0);
  });

  it("the refusals' probe counts: a withdrawal by the signer is one row", async () => {
    await fundBalance("optimism", "USDC", "1");
    expect((await withdraw(request({ amount: "0.5" }), { key: signer.key })).status).toBe(200);
    expect(await withdrawalsBySigner()).toBe(1);
  });

  it("18-decimal tokens take 18 places; the balance refusal names what is available", async () => {
    await fundBalance("bsc", "USDT", "0.000000000000000003");
    const available = await balanceUnits("bsc", "USDT");
    const digits = (available + 1n).toString().padStart(19, "0");
    const overdraw = `${digits.slice(0, -18)}.${digits.slice(-18)}`;
    const error = expectError(await withdraw(request({ chain_id: "bsc", contract_address: BSC_USDT, amount: overdraw })), 422, 42200);
    expect(error.message).toMatch(/available/);
    // The shortfall, named as KryptoGO's error body names it.
    expect((error as unknown as { insufficient_amount: string }).insufficient_amount).toBe("0.000000000000000001");
    const ok = await withdraw(request({ chain_id: "bsc", contract_address: BSC_USDT, amount: "0.000000000000000003" }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await balanceUnits("bsc", "USDT")).toBe(available - 3n);
  });

  it("needs transfer:sign: finance, approver and viewer get 403/40300; no X-Client-ID is needed", async () => {
    for (const role of ["finance", "approver", "viewer"] as const) {
      expect(expectError(await withdraw(request(), { role }), 403, 40300).message).toContain("transfer:sign");
    }
  });
});

// On PostgreSQL the 50 requests run on a pool of connections at once, and only the lock on the
// balance row keeps them from overdrawing it. PGlite runs one transaction at a time, so there
// the same test only shows the sequential answer (it proves nothing about concurrency).
describe("race for a balance (meaningful on PostgreSQL)", () => {
  it("50 concurrent withdrawals of X against a balance of exactly 10·X: exactly 10 succeed, the rest 422, the balance ends at 0", async () => {
    // The file's second organization's polygon USDT: nothing else credits it. Empty it first, then fund exactly 10·X.
    const orgIndex = 1;
    const contract = "0xc2132D05D31c914a87C6611C10748AEb04B58e8F";
    const leftover = await balanceUnits("polygon", "USDT", orgIndex);
    if (leftover > 0n) {
      const amount = `${leftover / 1_000_000n}.${(leftover % 1_000_000n).toString().padStart(6, "0")}`;
      expect((await withdraw(request({ chain_id: "polygon", contract_address: contract, amount }), { orgIndex })).status).toBe(200);
    }
    await fundBalance("polygon", "USDT", "20", orgIndex);
    expect(await balanceUnits("polygon", "USDT", orgIndex)).toBe(20_000_000n);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(request({ chain_id: "polygon", contract_address: contract, amount: "2" }), { orgIndex })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40);
    for (const response of responses.filter((r) => r.status === 422)) expect(response.body.code).toBe(42200);
    expect(await balanceUnits("polygon", "USDT", orgIndex)).toBe(0n);
    const debits = await ledger("chain=polygon&token=USDT&kind=withdrawal&page_size=100", orgIndex);
    const ids = new Set(responses.filter((r) => r.status === 200).map((r) => r.body.data.id));
    expect(debits.data.filter((entry: { transfer_id: string }) => ids.has(entry.transfer_id))).toHaveLength(10);
  });
});
