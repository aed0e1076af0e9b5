import type { paymentIntents } from "@/lib/studio/db/schema";
import { formatFixed, formatUnits, parseUnits } from "@/lib/studio/money";
import { FIAT_DECIMALS } from "@/lib/studio/payment-intents/pricing";

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

/** Re-spells a NUMERIC column canonically at the token's decimals ("10.500000" → "10.5"). */
export function tokenAmount(value: string | null, decimals: number): string | null {
  return value === null ? null : formatUnits(parseUnits(value, decimals), decimals);
}

export function fiatAmount(value: string | null): string | null {
  return value === null ? null : formatFixed(parseUnits(value, FIAT_DECIMALS), FIAT_DECIMALS);
}

/** How many places an owner's own amounts have: cents under fiat pricing, else the token's decimals. */
export function pricedDecimals(pi: PaymentIntentRow): number {
  return pi.pricingMode === "fiat" ? FIAT_DECIMALS : pi.decimals;
}

/** An owner's amount in its pricing unit: fiat to the cent ("10.50"), crypto canonical ("10.5"). */
export function pricedAmount(units: bigint, pi: PaymentIntentRow): string {
  return pi.pricingMode === "fiat" ? formatFixed(units, FIAT_DECIMALS) : formatUnits(units, pi.decimals);
}

/** The PaymentIntent record of spec 2.4, every field present with its documented JSON type. */
export function serializePaymentIntent(pi: PaymentIntentRow) {
  const risks = Object.fromEntries(RISK_FIELDS.map((field) => [field, null])) as Record<
    (typeof RISK_FIELDS)[number],
    string | null
  >;
  return {
    payment_intent_id: pi.id,
    client_id: pi.clientId,
    org_id: pi.orgId,
    pricing_mode: pi.pricingMode,
    payment_chain_id: pi.chainId,
    // Generated at approval; until then the address is an empty string (the field is never null).
    payment_address: pi.paymentAddress ?? "",
    payer_address: pi.payerAddress,
    token_address: pi.tokenAddress,
    symbol: pi.tokenSymbol,
    decimals: pi.decimals,
    crypto_amount: tokenAmount(pi.cryptoAmount, pi.decimals) as string,
    fiat_amount: fiatAmount(pi.fiatAmount),
    fiat_currency: pi.fiatCurrency,
    payment_deadline: pi.paymentDeadline ?? 0,
    status: pi.status,
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
    kg_deep_link: null,
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
    created_at: pi.createdAt.toISOString(),
  };
}
