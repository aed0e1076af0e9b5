import { describe, expect, it } from "vitest";
import type { Balance } from "@/lib/console/types";
import { available, remainingAfter, withdrawalFormSchema, withdrawalRequest } from "@/lib/console/withdrawal";

const balance = (chain_id: string, symbol: string, amount: string, decimals = 6): Balance => ({
  chain_id,
  contract_address: "",
  symbol,
  decimals,
  amount,
  reserved: "0",
  updated_at: "2026-11-23T00:00:00Z",
});
const BALANCES = [balance("polygon", "USDT", "12.345678"), balance("bsc", "USDC", "1.000000000000000001", 18)];
const EIP55 = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

function errors(values: Record<string, unknown>) {
  const result = withdrawalFormSchema(BALANCES).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("withdrawal form schema", () => {
  const valid = { chain_id: "polygon", token: "USDT" as const, amount: "12.345678", wallet_address: EIP55 };

  it("accepts exactly the available balance and builds the API body with the token's contract", () => {
    expect(errors(valid)).toEqual({});
    expect(withdrawalRequest(valid)).toEqual({
      chain_id: "polygon",
      contract_address: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
      amount: "12.345678",
      wallet_address: EIP55,
    });
  });

  it("refuses one base unit more than available, with the available amount in the message", () => {
    expect(errors({ ...valid, amount: "12.345679" })).toEqual({ amount: "is more than the 12.345678 USDT available" });
    expect(errors({ ...valid, chain_id: "bsc", token: "USDC", amount: "1.000000000000000002" }).amount).toMatch(/1\.000000000000000001 USDC/);
    expect(errors({ ...valid, chain_id: "bsc", token: "USDC", amount: "1.000000000000000001" })).toEqual({});
  });

  it("refuses more places than the token has, zero, and non-decimal text", () => {
    expect(errors({ ...valid, amount: "1.0000001" })).toEqual({ amount: "has more than 6 decimal places" });
    expect(errors({ ...valid, amount: "0.000" })).toEqual({ amount: "must be greater than zero" });
    expect(errors({ ...valid, amount: "1e3" }).amount).toMatch(/plain decimal/);
  });

  it("checks the address for the chosen chain's family while the other fields are still empty", () => {
    expect(errors({ chain_id: "polygon", token: "USDT", amount: "", wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" })).toMatchObject({
      wallet_address: "is not a valid Polygon PoS address",
    });
    expect(errors({ ...valid, chain_id: "tron", token: "USDT", amount: "1" }).wallet_address).toBe("is not a valid Tron address");
    expect(errors({ ...valid, wallet_address: EIP55.toLowerCase() })).toEqual({});
  });

  it("refuses a token the chain does not carry and a balance that never moved", () => {
    expect(errors({ ...valid, chain_id: "base", token: "USDT" })).toEqual({ token: "is not available on Base" });
    expect(errors({ ...valid, chain_id: "arb", amount: "1" })).toEqual({ amount: "is more than the 0 USDT available" });
  });

  it("computes what stays after a withdrawal exactly", () => {
    expect(available(BALANCES, "polygon", "USDT")).toBe("12.345678");
    expect(remainingAfter("12.345678", "2.345678", 6)).toBe("10");
    expect(remainingAfter("1.000000000000000001", "0.000000000000000001", 18)).toBe("1");
    expect(remainingAfter("1", "1.0000001", 6)).toBeUndefined();
  });
});
