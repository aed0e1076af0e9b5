import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import { fieldError } from "@/lib/studio/core/errors";
import { newId } from "@/lib/studio/core/ids";
import { formatUnits, parseDecimal, toUnits, AmountFormatError } from "@/lib/studio/core/money";
import type { InvoiceCreateInput } from "@/lib/studio/invoices/schemas";
import { totalInUnits } from "@/lib/studio/invoices/amounts";
import { amountDecimals, paymentAmounts } from "@/lib/studio/payment-intents/pricing";
import { defaultPaymentDeadline } from "@/lib/studio/invoices/deadline";
import { requireToken } from "@/lib/studio/payment-intents/token";
import { checkPayoutTargets } from "@/lib/studio/payment-intents/payout-targets";
import { nestedPaymentIntent } from "@/lib/studio/payment-intents/nested";
import { insertCreated } from "@/lib/studio/workflow/create";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent: a new invoice waits in approval_pending with an awaiting_approval payment.
export async function createInvoice(input: {
  principal: Principal;
  clientId: string;
  request: InvoiceCreateInput;
  /** The clock; the demo seed back-dates invoices with it. */
  now?: Date;
}) {
  const { principal, clientId, request } = input;
  const now = input.now ?? new Date();
  const token = requireToken(request.chain, request.pay_token);
  const decimals = amountDecimals(request.pricing_mode, token);
  const amountUnits = checkedAmount(request.amount, decimals, request.detail_items);
  const amounts = paymentAmounts({
    mode: request.pricing_mode,
    amountUnits,
    currency: request.currency ?? "USD",
    token,
    useFixedStablecoinRate: request.use_fixed_stablecoin_rate ?? false,
  });
  checkPayoutTargets(request.chain, request);
  const issueDate = request.invoice_issue_date ? new Date(request.invoice_issue_date) : now;
  const paymentDeadline =
    request.payment_deadline ?? defaultPaymentDeadline({ issueDate, paymentTerms: request.payment_terms, approvedAt: now });

  const paymentIntent = nestedPaymentIntent({
    orgId: principal.orgId,
    clientId,
    request,
    token,
    amounts,
    paymentDeadline,
    extra: {
      paymentMethodType: request.payment_method_type ?? "crypto",
      payoutTargetAddress: request.payout_target_address ?? null,
      payoutAddresses: request.payout_addresses ?? {},
      bankAccountId: request.bank_account_id ?? null,
    },
    now,
  });
  const created = await insertCreated(invoiceOwner, {
    paymentIntent,
    operatorUid: principal.uid,
    now,
    record: {
      id: newId("inv"),
      orgId: principal.orgId,
      status: "approval_pending",
      paymentIntentId: paymentIntent.id,
      creatorUid: principal.uid,
      creator: request.creator,
      amount: formatUnits(amountUnits, decimals),
      currency: request.pricing_mode === "fiat" ? (request.currency ?? "USD") : null,
      origin: request.origin,
      recipientName: request.recipient_name,
      recipientEmail: request.recipient_email,
      organizationName: request.organization_name,
      organizationEmail: request.organization_email,
      description: request.description ?? null,
      attachment: request.attachment ?? null,
      detailItems: request.detail_items,
      paymentTerms: request.payment_terms,
      invoiceIssueDate: issueDate,
      allowAnyChain: request.allow_any_chain ?? false,
      allowAnyToken: request.allow_any_token ?? false,
      emailReminders: request.email_reminders ?? true,
      useFixedStablecoinRate: request.use_fixed_stablecoin_rate ?? false,
      createdAt: now,
      updatedAt: now,
    },
  });
  return serializeInvoice(created.row, created.paymentIntent);
}

/** `amount` in base units, which must equal the line-item total at the same precision. */
function checkedAmount(amount: string, decimals: number, items: InvoiceCreateInput["detail_items"]): bigint {
  let units: bigint;
  try {
    units = toUnits(parseDecimal(amount), decimals, "exact");
  } catch (error) {
    if (error instanceof AmountFormatError) throw fieldError("amount", `must have at most ${decimals} decimal places`);
    throw error;
  }
  if (units <= 0n) throw fieldError("amount", "must be greater than zero");
  const total = totalInUnits(items, decimals);
  if (units !== total) {
    throw fieldError(
      "amount",
      `${amount} does not equal the line-item total ${formatUnits(total, decimals)} (sum of quantity × unit_price + tax)`,
    );
  }
  return units;
}
