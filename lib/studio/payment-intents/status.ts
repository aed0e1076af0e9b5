// The payment intent's own statuses (spec 3.2, product-decisions §3) and the facts that move them.
import { parseUnits } from "@/lib/studio/core/money";

export const PAYMENT_STATUSES = [
  "pending",
  "success",
  "expired",
  "insufficient_not_refunded",
  "insufficient_refunded",
  "cancelled",
  "aml_hold",
  "awaiting_approval",
  "manual_review",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Facts about funds received, in token base units. */
/**
 * What a payment intent holds against what it asks for, in token base units; `heldForCompliance`
 * when screening flagged the payer of the transfer being applied (aml_hold).
 */
export type PaymentFacts = { receivedUnits: bigint; dueUnits: bigint; heldForCompliance?: boolean };

/**
 * What a payment intent holds against what it asks for, in token base units, and whether those
 * funds are held for compliance review (when its status is given).
 */
export function receivedFacts(pi: { receivedCryptoAmount: string | null; cryptoAmount: string; decimals: number; status?: string }): PaymentFacts {
  return {
    receivedUnits: pi.receivedCryptoAmount === null ? 0n : parseUnits(pi.receivedCryptoAmount, pi.decimals),
    dueUnits: parseUnits(pi.cryptoAmount, pi.decimals),
    ...(pi.status === "aml_hold" ? { heldForCompliance: true } : {}),
  };
}

/** A confirmed, on-time first payment covers the amount due, or falls short of it. */
export function coversDue({ receivedUnits, dueUnits }: PaymentFacts): boolean {
  return receivedUnits >= dueUnits;
}
