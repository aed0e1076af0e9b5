import "server-only";
// The sandbox chain's compliance screen: payers on this list are what a real screening provider
// would flag, so a test or a person can drive a payment into compliance review (aml_hold).
import type { AddressFamily } from "@/lib/studio/chain/registry";

export const SANDBOX_DENIED_PAYERS: Record<AddressFamily, string> = {
  evm: "0xbad0000000000000000000000000000000000bad",
  tron: "TSzyrqFrmhNJAYnwPaPnY5Rjor6qtCsSnm",
  sol: "DeniedPayer11111111111111111111111111111111",
};

const denied = new Set(Object.values(SANDBOX_DENIED_PAYERS).map(normalize));

/** Whether the sandbox's screen flags `payerAddress` (EVM addresses compare case-insensitively). */
export function isSandboxDeniedPayer(payerAddress: string | undefined): boolean {
  return payerAddress !== undefined && denied.has(normalize(payerAddress));
}

function normalize(address: string): string {
  return address.startsWith("0x") ? address.toLowerCase() : address;
}
