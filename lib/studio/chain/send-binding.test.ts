// The binding MAC covers every field of a send, and its encoding cannot make two different sends
// look the same (a comma moved from one field to the next, a null turned into "").
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bindingMacUnder, type SendBinding } from "@/lib/studio/chain/send-binding";

const key = randomBytes(32);
const send: SendBinding = {
  id: "send_01",
  orgId: 1,
  paymentIntentId: null,
  purpose: "withdrawal",
  chainId: "arb",
  network: "eip155:42161",
  tokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  toAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
  amountUnits: 5_000_000n,
  fromAddress: "0x2f1bE2a1b3C4d5E6f708192A3b4C5d6E7f809102",
  nonce: 7,
};

describe("send binding MAC", () => {
  it("is the same for the same fields and key, and another under another key", () => {
    expect(bindingMacUnder(key, { ...send })).toBe(bindingMacUnder(key, send));
    expect(bindingMacUnder(key, send)).toMatch(/^v1\.[A-Za-z0-9_-]{43}$/);
    expect(bindingMacUnder(randomBytes(32), send)).not.toBe(bindingMacUnder(key, send));
  });

  it("changes with every field", () => {
    const changed: Array<Partial<SendBinding>> = [
      { id: "send_02" },
      { orgId: 2 },
      { paymentIntentId: "pi_1" },
      { purpose: "refund" },
      { chainId: "base" },
      { network: "eip155:1" },
      { tokenAddress: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9" },
      { toAddress: "0x0000000000000000000000000000000000000001" },
      { amountUnits: 5_000_001n },
      { fromAddress: "0x0000000000000000000000000000000000000002" },
      { nonce: 8 },
      { nonce: null },
    ];
    const macs = new Set([bindingMacUnder(key, send), ...changed.map((change) => bindingMacUnder(key, { ...send, ...change }))]);
    expect(macs.size).toBe(changed.length + 1);
  });

  it("cannot be moved between fields: a separator inside a value, or null against an empty string", () => {
    const a = bindingMacUnder(key, { ...send, purpose: "withdrawal,arb", chainId: "x" });
    const b = bindingMacUnder(key, { ...send, purpose: "withdrawal", chainId: "arb,x" });
    expect(a).not.toBe(b);
    const quoted = bindingMacUnder(key, { ...send, purpose: 'withdrawal","arb' });
    expect(quoted).not.toBe(bindingMacUnder(key, { ...send, purpose: "withdrawal", chainId: "arb" }));
    expect(bindingMacUnder(key, { ...send, paymentIntentId: "" })).not.toBe(bindingMacUnder(key, { ...send, paymentIntentId: null }));
  });
});
