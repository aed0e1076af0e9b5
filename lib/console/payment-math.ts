import { formatUnits, parseUnits } from "@/lib/studio/core/money";

/** received − due in the token's units, as a signed decimal string; null before any payment. */
export function paymentDifference(pi: { crypto_amount: string; received_crypto_amount: string | null; decimals: number }): {
  difference: string;
  sign: -1 | 0 | 1;
} | null {
  if (pi.received_crypto_amount === null) return null;
  const delta = parseUnits(pi.received_crypto_amount, pi.decimals) - parseUnits(pi.crypto_amount, pi.decimals);
  return { difference: formatUnits(delta < 0n ? -delta : delta, pi.decimals), sign: delta === 0n ? 0 : delta > 0n ? 1 : -1 };
}
