import { describe, expect, it } from "vitest";
import { isValidAddress } from "@/lib/studio/chain/addresses";
import type { AddressFamily } from "@/lib/studio/chain/registry";
import { isSandboxDeniedPayer, SANDBOX_DENIED_PAYERS } from "@/lib/studio/sandbox/deny-list";

describe("the sandbox deny list", () => {
  it.each(Object.entries(SANDBOX_DENIED_PAYERS) as Array<[AddressFamily, string]>)(
    "holds a %s address the sandbox accepts as a payer (else the trigger could never fire)",
    (family, address) => {
      expect(isValidAddress(family, address)).toBe(true);
      expect(isSandboxDeniedPayer(address)).toBe(true);
    },
  );

  it("compares EVM addresses case-insensitively, others exactly, and lets every other payer through", () => {
    expect(isSandboxDeniedPayer(SANDBOX_DENIED_PAYERS.evm.toUpperCase().replace("0X", "0x"))).toBe(true);
    expect(isSandboxDeniedPayer(SANDBOX_DENIED_PAYERS.tron.toLowerCase())).toBe(false);
    expect(isSandboxDeniedPayer("0x9858EfFD232B4033E47d90003D41EC34EcaEda94")).toBe(false);
    expect(isSandboxDeniedPayer(undefined)).toBe(false);
  });
});
