import { describe, expect, it } from "vitest";
import { paymentDifference } from "@/lib/console/payment-math";

describe("payment difference", () => {
  it("reports over, under and exact payments exactly, also at 18 decimals", () => {
    expect(paymentDifference({ crypto_amount: "10.5", received_crypto_amount: "12", decimals: 6 })).toEqual({ difference: "1.5", sign: 1 });
    expect(paymentDifference({ crypto_amount: "10.5", received_crypto_amount: "10.4", decimals: 6 })).toEqual({ difference: "0.1", sign: -1 });
    expect(
      paymentDifference({ crypto_amount: "1", received_crypto_amount: "1.000000000000000001", decimals: 18 }),
    ).toEqual({ difference: "0.000000000000000001", sign: 1 });
    expect(paymentDifference({ crypto_amount: "3", received_crypto_amount: "3", decimals: 6 })).toEqual({ difference: "0", sign: 0 });
    expect(paymentDifference({ crypto_amount: "3", received_crypto_amount: null, decimals: 6 })).toBeNull();
  });
});
