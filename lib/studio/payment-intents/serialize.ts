import "server-only";
import { z } from "zod";
import type { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/studio/payment-intents/status";
import { fiatCurrencies, pricingModes } from "@/lib/studio/payment-intents/schemas";
import { address, amountText, dateTimeText, nullableAmountText, txHash, unixTime } from "@/lib/studio/core/records";
import { formatFixed, formatUnits, parseUnits } from "@/lib/studio/core/money";
import { FIAT_DECIMALS } from "@/lib/studio/payment-intents/pricing";
import { payPageUrl } from "@/lib/studio/pay/pay-link";

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

const RISK_FIELDS = [
  "kya_risk",
  "large_transaction_risk",
  "kya_risk_address",
  "kya_risk_counter_party",
  "transaction_frequency_risk",
  "total_weighted_risk_score",
  "quick_in_out_risk",
  "dormant_account_risk",
  "volume_spike_risk",
  "structuring_risk",
  "kya_accumulation_risk",
  "business_pattern_risk",
] as const;

const riskFields = Object.fromEntries(RISK_FIELDS.map((field) => [field, z.string().nullable()])) as {
  [F in (typeof RISK_FIELDS)[number]]: z.ZodNullable<z.ZodString>;
};

/** The PaymentIntent record of spec 2.4 (every field present with its documented JSON type), plus additive fields. */
export const paymentIntentRecordSchema = z.object({
  payment_intent_id: z.string().meta({ example: "pi_3f9a1c2b7d4e5f60" }),
  client_id: z.string().meta({ example: "demo-merchant" }),
  org_id: z.number().int().meta({ example: 1 }),
  pricing_mode: z.enum(pricingModes),
  payment_chain_id: z.string().meta({ example: "arb" }),
  payment_address: z.string().meta({ description: "Generated at approval; an empty string until then", example: "0x2f1bE2a1b3C4d5E6f708192A3b4C5d6E7f809102" }),
  payer_address: address().nullable(),
  token_address: address("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  symbol: z.enum(TOKEN_SYMBOLS),
  decimals: z.number().int().meta({ example: 6 }),
  crypto_amount: amountText(),
  fiat_amount: nullableAmountText("4078.75"),
  fiat_currency: z.enum(fiatCurrencies).nullable(),
  payment_deadline: unixTime.meta({ description: "Unix timestamp, seconds; 0 until approval opens the payment window" }),
  status: z.enum(PAYMENT_STATUSES),
  payment_tx_hash: txHash.nullable(),
  payment_tx_timestamp: unixTime.nullable(),
  aggregation_tx_hash: txHash.nullable(),
  refund_tx_hash: txHash.nullable(),
  received_crypto_amount: nullableAmountText(),
  aggregated_crypto_amount: nullableAmountText(),
  refund_crypto_amount: nullableAmountText(),
  order_data: z.record(z.string(), z.unknown()).nullable().meta({ example: { order_id: "A-1001" } }),
  callback_url: z.string().nullable().meta({ example: "https://merchant.example/webhooks/studio" }),
  group_key: z.string().nullable(),
  kg_deep_link: z
    .string()
    .nullable()
    .meta({ description: "The hosted payment page (PUBLIC_URL/pay/{token}) once an address exists; null before", example: "https://pay.example.com/pay/3mJr7AoUXx2Wqd7b1Kc9tPz0xYv5sQn8" }),
  payment_method_type: z.string().meta({ example: "crypto" }),
  swap_enabled: z.boolean(),
  payout_target_address: z.string().nullable(),
  payout_target_sol_address: z.string().nullable(),
  payout_target_tron_address: z.string().nullable(),
  payout_addresses: z.record(z.string(), z.string()).meta({ description: "Chain family to address (`evm`, `sol`, `tron`)" }),
  exact_out_amount: nullableAmountText(),
  kg_fee_amount: nullableAmountText(),
  aggregation_tx_timestamp: unixTime.nullable(),
  finalized_timestamp: unixTime.nullable(),
  partial_refund_tx_hash: txHash.nullable(),
  partial_refund_amount: nullableAmountText(),
  partial_refund_address: z.string().nullable(),
  crypto_price: z.string().nullable(),
  target_chain_id: z.string().nullable(),
  target_token_address: z.string().nullable(),
  bank_account_id: z.number().int().nullable(),
  ...riskFields,
  kya_record: z.record(z.string(), z.unknown()),
  // Extensions (spec part 9: additive).
  refund_address: z.string().nullable(),
  refund_reason: z.string().nullable(),
  refund_attachments: z.array(z.string()).nullable(),
  seen_transfer: z
    .object({ tx_hash: txHash, confirmations: z.number().int().meta({ example: 2 }) })
    .nullable()
    .meta({ description: "RPC chains: a transfer to the address that has not reached the confirmation depth yet (the status stays pending until it does)" }),
  created_at: dateTimeText,
});
export type PaymentIntentRecord = z.infer<typeof paymentIntentRecordSchema>;

/** Re-spells a NUMERIC column canonically at the token's decimals ("10.500000" → "10.5"). */
export function tokenAmount(value: string | null, decimals: number): string | null {
  return value === null ? null : formatUnits(parseUnits(value, decimals), decimals);
}

export function fiatAmount(value: string | null): string | null {
  return value === null ? null : formatFixed(parseUnits(value, FIAT_DECIMALS), FIAT_DECIMALS);
}

/** What an owner's amounts are priced in: the payment intent's pricing mode and token decimals. */
export type Pricing = Pick<PaymentIntentRow, "pricingMode" | "decimals">;

/** How many places an owner's own amounts have: cents under fiat pricing, else the token's decimals. */
export function pricedDecimals(pi: Pricing): number {
  return pi.pricingMode === "fiat" ? FIAT_DECIMALS : pi.decimals;
}

/** An owner's amount in its pricing unit: fiat to the cent ("10.50"), crypto canonical ("10.5"). */
export function pricedAmount(units: bigint, pi: Pricing): string {
  return pi.pricingMode === "fiat" ? formatFixed(units, FIAT_DECIMALS) : formatUnits(units, pi.decimals);
}

/** The `payment_address` field: generated at approval, an empty string until then. */
export function paymentAddressText(paymentAddress: string | null): string {
  return paymentAddress ?? "";
}

/** The `payment_deadline` field: unix seconds, 0 until approval opens the payment window. */
export function paymentDeadlineSeconds(paymentDeadline: number | null): number {
  return paymentDeadline ?? 0;
}

/** The PaymentIntent record of spec 2.4, every field present with its documented JSON type. */
export function serializePaymentIntent(pi: PaymentIntentRow): PaymentIntentRecord {
  const risks = Object.fromEntries(RISK_FIELDS.map((field) => [field, null])) as Record<
    (typeof RISK_FIELDS)[number],
    string | null
  >;
  return {
    payment_intent_id: pi.id,
    client_id: pi.clientId,
    org_id: pi.orgId,
    pricing_mode: pi.pricingMode as PaymentIntentRecord["pricing_mode"],
    payment_chain_id: pi.chainId,
    // Generated at approval; until then the address is an empty string (the field is never null).
    payment_address: paymentAddressText(pi.paymentAddress),
    payer_address: pi.payerAddress,
    token_address: pi.tokenAddress,
    symbol: pi.tokenSymbol as PaymentIntentRecord["symbol"],
    decimals: pi.decimals,
    crypto_amount: tokenAmount(pi.cryptoAmount, pi.decimals) as string,
    fiat_amount: fiatAmount(pi.fiatAmount),
    fiat_currency: pi.fiatCurrency as PaymentIntentRecord["fiat_currency"],
    payment_deadline: paymentDeadlineSeconds(pi.paymentDeadline),
    status: pi.status as PaymentStatus,
    payment_tx_hash: pi.paymentTxHash,
    payment_tx_timestamp: pi.paymentTxTimestamp,
    aggregation_tx_hash: pi.aggregationTxHash,
    refund_tx_hash: pi.refundTxHash,
    received_crypto_amount: tokenAmount(pi.receivedCryptoAmount, pi.decimals),
    aggregated_crypto_amount: tokenAmount(pi.aggregatedCryptoAmount, pi.decimals),
    refund_crypto_amount: tokenAmount(pi.refundCryptoAmount, pi.decimals),
    order_data: (pi.orderData as Record<string, unknown> | null) ?? null,
    callback_url: pi.callbackUrl,
    group_key: pi.groupKey,
    // The hosted payment page, from the moment there is an address to pay.
    kg_deep_link: pi.payToken && pi.paymentAddress ? payPageUrl(pi.payToken) : null,
    payment_method_type: pi.paymentMethodType,
    swap_enabled: pi.swapEnabled,
    payout_target_address: pi.payoutTargetAddress,
    payout_target_sol_address: pi.payoutTargetSolAddress,
    payout_target_tron_address: pi.payoutTargetTronAddress,
    payout_addresses: pi.payoutAddresses,
    exact_out_amount: tokenAmount(pi.exactOutAmount, pi.decimals),
    kg_fee_amount: tokenAmount(pi.kgFeeAmount, pi.decimals),
    aggregation_tx_timestamp: pi.aggregationTxTimestamp,
    finalized_timestamp: pi.finalizedTimestamp,
    partial_refund_tx_hash: pi.partialRefundTxHash,
    partial_refund_amount: tokenAmount(pi.partialRefundAmount, pi.decimals),
    partial_refund_address: pi.partialRefundAddress,
    crypto_price: pi.cryptoPrice,
    target_chain_id: null,
    target_token_address: null,
    bank_account_id: pi.bankAccountId,
    ...risks,
    kya_record: {},
    // Extensions (spec part 9: additive).
    refund_address: pi.refundAddress,
    refund_reason: pi.refundReason,
    refund_attachments: pi.refundAttachments ?? null,
    seen_transfer: pi.seenTxHash === null ? null : { tx_hash: pi.seenTxHash, confirmations: pi.seenConfirmations ?? 0 },
    created_at: pi.createdAt.toISOString(),
  };
}
