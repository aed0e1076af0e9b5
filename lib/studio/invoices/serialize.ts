import type { invoiceLogs, invoices, paymentIntents } from "@/lib/studio/db/schema";
import { formatFixed, formatUnits, parseUnits } from "@/lib/studio/money";
import { STATUS_CATEGORY, type InvoiceStatus } from "@/lib/studio/invoices/status";
import { lineItemTotals, FIAT_DECIMALS } from "@/lib/studio/invoices/amounts";
import { toUnits } from "@/lib/studio/money";

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentIntentRow = typeof paymentIntents.$inferSelect;
type InvoiceLogRow = typeof invoiceLogs.$inferSelect;

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
function tokenAmount(value: string | null, decimals: number): string | null {
  return value === null ? null : formatUnits(parseUnits(value, decimals), decimals);
}

function fiatAmount(value: string | null): string | null {
  return value === null ? null : formatFixed(parseUnits(value, FIAT_DECIMALS), FIAT_DECIMALS);
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

export type InvoiceIntentRecord = ReturnType<typeof serializeInvoice>;

/** The InvoiceIntent record of spec 2.2, plus additive fields the console needs. */
export function serializeInvoice(invoice: InvoiceRow, pi: PaymentIntentRow) {
  const status = invoice.status as InvoiceStatus;
  const totals = lineItemTotals(invoice.detailItems);
  const unitDecimals = pi.pricingMode === "fiat" ? FIAT_DECIMALS : pi.decimals;
  const amountText = (units: bigint) =>
    pi.pricingMode === "fiat" ? formatFixed(units, unitDecimals) : formatUnits(units, unitDecimals);
  return {
    id: invoice.id,
    invoice_id: invoice.invoiceNumber,
    payment_intent: serializePaymentIntent(pi),
    status,
    recipient_name: invoice.recipientName,
    recipient_email: invoice.recipientEmail,
    organization_name: invoice.organizationName,
    organization_email: invoice.organizationEmail,
    payment_terms: invoice.paymentTerms,
    detail_items: invoice.detailItems,
    // Extensions (spec part 9: additive).
    status_category: STATUS_CATEGORY[status],
    amount: amountText(parseUnits(invoice.amount, unitDecimals)),
    subtotal: amountText(toUnits(totals.subtotal, unitDecimals, "half-up")),
    tax_total: amountText(toUnits(totals.tax, unitDecimals, "half-up")),
    currency: invoice.currency,
    description: invoice.description,
    attachment: invoice.attachment ?? null,
    creator: invoice.creator,
    creator_uid: invoice.creatorUid,
    origin: invoice.origin,
    invoice_issue_date: invoice.invoiceIssueDate.toISOString(),
    allow_any_chain: invoice.allowAnyChain,
    allow_any_token: invoice.allowAnyToken,
    reviewer: invoice.reviewer,
    approve_time: invoice.approveTime?.toISOString() ?? null,
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

export function serializeInvoiceLog(log: InvoiceLogRow) {
  return {
    id: log.id,
    invoice_id: log.invoiceId,
    from_status: log.fromStatus,
    to_status: log.toStatus,
    operator_uid: log.operatorUid,
    reason: log.reason,
    created_at: log.createdAt.toISOString(),
  };
}
