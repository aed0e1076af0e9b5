// Invoice payout targets are checked per chain family on create and update (422, as payouts and
// payment intents), since signing sends the settlement there: a refused request changes nothing.
import { describe, expect, it } from "vitest";
import { api, createInvoice, expectError, expectRefusedCreate, invoiceRequest } from "./support";

const EVM = "0x000000000000000000000000000000000000dEaD";
const SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const put = (id: string, body: unknown) => api("PUT", `/invoice/intent/${id}`, { role: "finance", body });
const get = async (id: string) => (await api("GET", `/invoice/intent/${id}`, { role: "viewer" })).body.data;
const logCount = async (id: string) => (await api("GET", `/invoice/intent/${id}/logs`, { role: "viewer" })).body.data.length;

describe("invoice payout targets", () => {
  it("create: each target must be an address of its chain family (422 naming the field), and nothing is written", async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ payout_target_address: TRON }, "payout_target_address", /not a valid Arbitrum One address/],
      [{ payout_target_address: "0x000000000000000000000000000000000000DeaD" }, "payout_target_address", /EIP-55/],
      [{ chain: "sol", payout_target_address: EVM }, "payout_target_address", /not a valid Solana address/],
      [{ payout_addresses: { sol: EVM } }, "payout_addresses.sol", /not a valid Solana address/],
      [{ payout_addresses: { evm: TRON } }, "payout_addresses.evm", /not a valid Ethereum address/],
    ];
    for (const [overrides, field, message] of cases) {
      await expectRefusedCreate("invoice", invoiceRequest(overrides), { http: 422, code: 42200, field, message });
    }
    const valid = await api("POST", "/invoice/intent", {
      role: "finance",
      body: invoiceRequest({ payout_target_address: EVM, payout_addresses: { evm: EVM, sol: SOL, tron: TRON } }),
    });
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    expect(valid.body.data.payment_intent.payout_target_address).toBe(EVM);
  });

  it("update: a new target, or a new chain against the stored targets, is checked the same way; a refusal changes nothing", async () => {
    const invoice = await createInvoice({ overrides: { payout_target_address: EVM } });
    expect(invoice.payment_intent.payout_target_address).toBe(EVM);
    const refused = [
      [{ payout_target_address: TRON }, "payout_target_address"],
      [{ payout_target_tron_address: EVM }, "payout_target_tron_address"],
      [{ payout_target_sol_address: TRON }, "payout_target_sol_address"],
      [{ payout_addresses: { tron: EVM } }, "payout_addresses.tron"],
      // The stored EVM target is no address on Solana.
      [{ chain: "sol" }, "payout_target_address"],
    ] as const;
    for (const [body, field] of refused) {
      const error = expectError(await put(invoice.id, body), 422, 42200);
      expect(error.errors?.map((issue) => issue.field)).toEqual([field]);
    }
    expect(await get(invoice.id)).toEqual(invoice);
    expect(await logCount(invoice.id)).toBe(1);

    // Moving to Solana with a Solana target is fine; clearing the target (null) leaves nothing to check.
    const moved = await put(invoice.id, { chain: "sol", payout_target_address: SOL });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.payment_intent.payout_target_address).toBe(SOL);
    const cleared = await put(invoice.id, { chain: "arb", payout_target_address: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.payment_intent.payout_target_address).toBeNull();
  });
});
