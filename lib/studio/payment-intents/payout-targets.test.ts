import { describe, expect, it } from "vitest";
import { settlementTarget } from "@/lib/studio/payment-intents/payout-targets";

const EVM = "0x000000000000000000000000000000000000dEaD";
const SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const none = { payoutTargetAddress: null, payoutTargetSolAddress: null, payoutTargetTronAddress: null, payoutAddresses: {} };

describe("settlementTarget", () => {
  it("never sends a Solana or Tron settlement to an EVM address (rows stored before targets were checked)", () => {
    expect(settlementTarget({ ...none, payoutTargetAddress: EVM }, { family: "sol" })).toBeNull();
    expect(settlementTarget({ ...none, payoutTargetAddress: EVM }, { family: "tron" })).toBeNull();
    expect(settlementTarget({ ...none, payoutTargetAddress: EVM, payoutAddresses: { tron: EVM } }, { family: "tron" })).toBeNull();
  });

  it("takes the family's own field, then payout_addresses, then the single target when it is of that family", () => {
    expect(settlementTarget({ ...none, payoutTargetSolAddress: SOL, payoutTargetAddress: EVM }, { family: "sol" })).toBe(SOL);
    expect(settlementTarget({ ...none, payoutAddresses: { tron: TRON }, payoutTargetAddress: EVM }, { family: "tron" })).toBe(TRON);
    expect(settlementTarget({ ...none, payoutTargetAddress: TRON }, { family: "tron" })).toBe(TRON);
    expect(settlementTarget({ ...none, payoutTargetAddress: EVM, payoutAddresses: { evm: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94" } }, { family: "evm" })).toBe(EVM);
    expect(settlementTarget({ ...none, payoutAddresses: { evm: EVM } }, { family: "evm" })).toBe(EVM);
    expect(settlementTarget({ ...none, payoutTargetAddress: SOL }, { family: "evm" })).toBeNull();
  });
});
