import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import { fieldError } from "@/lib/studio/core/errors";
import { AmountFormatError, formatUnits, parseUnits } from "@/lib/studio/core/money";
import type { InvoiceUpdateInput } from "@/lib/studio/invoices/schemas";
import { totalInUnits } from "@/lib/studio/invoices/amounts";
import { amountDecimals, paymentAmounts, type PricingMode } from "@/lib/studio/payment-intents/pricing";
import { requireToken } from "@/lib/studio/payment-intents/token";
import { checkPayoutTargets, storedPayoutTargets } from "@/lib/studio/payment-intents/payout-targets";
import { defaultPaymentDeadline } from "@/lib/studio/invoices/deadline";
import type { FiatCurrency } from "@/lib/studio/core/rates";
import type { TokenSymbol } from "@/lib/studio/chain/registry";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { updateIntent } from "@/lib/studio/workflow/verbs";
import { orDefaultWhenCleared, withoutUndefined } from "@/lib/studio/workflow/changes";
import type { invoices } from "@/lib/studio/db/invoices-schema";
import { invoiceOwner } from "@/lib/studio/invoices/owner";

type InvoiceRow = typeof invoices.$inferSelect;

// PUT /invoice/intent/{id}: edits a pending invoice, or resubmits a rejected one.
export function updateInvoice(input: { principal: Principal; id: string; request: InvoiceUpdateInput }) {
  const { reviewer, approve_time } = input.request;
  return updateIntent(invoiceOwner, { ...input, assignment: { reviewer, approve_time }, changesFor: ({ row, paymentIntent }) => changesFor(row, paymentIntent, input.request) });
}

function changesFor(invoice: InvoiceRow, pi: PaymentIntentRow, request: InvoiceUpdateInput) {
  const invoiceChanges: Partial<InvoiceRow> = {
    recipientName: request.recipient_name,
    recipientEmail: request.recipient_email,
    organizationName: request.organization_name,
    organizationEmail: request.organization_email,
    description: request.description,
    attachment: request.attachment,
    invoiceIssueDate: issueDateChange(invoice, request.invoice_issue_date),
    paymentTerms: request.payment_terms,
    allowAnyChain: orDefaultWhenCleared(request.allow_any_chain, false),
    allowAnyToken: orDefaultWhenCleared(request.allow_any_token, false),
    emailReminders: orDefaultWhenCleared(request.email_reminders, true),
    detailItems: request.detail_items,
  };
  const paymentChanges: Partial<PaymentIntentRow> = {
    paymentMethodType: orDefaultWhenCleared(request.payment_method_type, "crypto"),
    bankAccountId: request.bank_account_id,
    payoutTargetAddress: request.payout_target_address,
    payoutTargetSolAddress: request.payout_target_sol_address,
    payoutTargetTronAddress: request.payout_target_tron_address,
    payoutAddresses: orDefaultWhenCleared(request.payout_addresses, {}),
  };

  // Until approval the shown deadline follows the terms, unless the merchant fixed one itself.
  if ((request.payment_terms !== undefined || request.invoice_issue_date !== undefined) && pi.requestedDeadline === null) {
    paymentChanges.paymentDeadline = defaultPaymentDeadline({
      issueDate: invoiceChanges.invoiceIssueDate ?? invoice.invoiceIssueDate,
      paymentTerms: request.payment_terms ?? invoice.paymentTerms,
      approvedAt: new Date(),
    });
  }

  // Line items, chain or token change what is owed: recompute the amount and the payment amounts.
  if (request.detail_items || request.chain || request.pay_token) {
    const chainId = request.chain ?? pi.chainId;
    const token = requireToken(chainId, request.pay_token ?? (pi.tokenSymbol as TokenSymbol));
    const mode = pi.pricingMode as PricingMode;
    const decimals = amountDecimals(mode, token);
    const amountUnits = request.detail_items
      ? totalInUnits(request.detail_items, decimals)
      : reexpress(invoice.amount, decimals);
    if (amountUnits <= 0n) throw fieldError("detail_items", "the line-item total must be greater than zero");
    const amounts = paymentAmounts({
      mode,
      amountUnits,
      currency: (invoice.currency ?? "USD") as FiatCurrency,
      token,
      useFixedStablecoinRate: invoice.useFixedStablecoinRate,
    });
    invoiceChanges.amount = formatUnits(amountUnits, decimals);
    Object.assign(paymentChanges, {
      ...amounts,
      chainId,
      tokenSymbol: token.symbol,
      tokenAddress: token.address,
      decimals: token.decimals,
    });
  }
  // After the token check: an unsupported chain is named as such, not as a bad address. A new
  // chain is checked against every stored target too, and a new target against the chain.
  const targetFields = ["payout_target_address", "payout_target_sol_address", "payout_target_tron_address", "payout_addresses"] as const;
  if (request.chain || targetFields.some((field) => request[field] !== undefined)) {
    const stored = storedPayoutTargets(pi);
    const effective = Object.fromEntries(targetFields.map((field) => [field, request[field] === undefined ? stored[field] : request[field]]));
    checkPayoutTargets(request.chain ?? pi.chainId, effective);
  }
  return { changes: withoutUndefined(invoiceChanges), paymentChanges: withoutUndefined(paymentChanges) };
}

/** A create without an issue date is issued when it was created; clearing the date returns to that. */
function issueDateChange(invoice: InvoiceRow, requested: string | null | undefined): Date | undefined {
  if (requested === undefined) return undefined;
  return requested === null ? invoice.createdAt : new Date(requested);
}

/** The stored amount at another token's precision; refusing rather than rounding money away. */
function reexpress(amount: string, decimals: number): bigint {
  try {
    return parseUnits(amount, decimals);
  } catch (error) {
    if (error instanceof AmountFormatError) {
      throw fieldError("chain", `the invoice amount ${amount} has more than ${decimals} decimal places on that chain`);
    }
    throw error;
  }
}
