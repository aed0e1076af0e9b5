import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { invoiceLogs, invoices, organizations, paymentIntents } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { fieldError } from "@/lib/studio/errors";
import { newId } from "@/lib/studio/ids";
import { formatUnits, parseDecimal, toUnits, AmountFormatError } from "@/lib/studio/money";
import type { InvoiceCreateInput } from "@/lib/studio/invoices/schemas";
import { totalInUnits } from "@/lib/studio/invoices/amounts";
import { amountDecimals, paymentAmounts } from "@/lib/studio/invoices/pricing";
import { defaultPaymentDeadline } from "@/lib/studio/invoices/deadline";
import { requireToken } from "@/lib/studio/invoices/token";
import { getInvoiceOrThrow } from "@/lib/studio/invoices/queries";
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
  // A minute of grace for clock skew between the merchant's servers and ours.
  if (request.payment_deadline !== undefined && request.payment_deadline < Math.floor(now.getTime() / 1000) - 60) {
    throw fieldError("payment_deadline", "must not be in the past (a Unix timestamp in seconds)");
  }
  const issueDate = request.invoice_issue_date ? new Date(request.invoice_issue_date) : now;
  const paymentDeadline =
    request.payment_deadline ?? defaultPaymentDeadline({ issueDate, paymentTerms: request.payment_terms, approvedAt: now });

  const database = await db();
  const id = await database.transaction(async (tx) => {
    const [counter] = await tx
      .update(organizations)
      .set({ invoiceCounter: sql`${organizations.invoiceCounter} + 1` })
      .where(eq(organizations.id, principal.orgId))
      .returning({ value: organizations.invoiceCounter });
    if (!counter) throw new Error(`organization ${principal.orgId} vanished`);
    const paymentIntentId = newId("pi");
    await tx.insert(paymentIntents).values({
      id: paymentIntentId,
      orgId: principal.orgId,
      clientId,
      pricingMode: request.pricing_mode,
      chainId: request.chain,
      tokenSymbol: token.symbol,
      tokenAddress: token.address,
      decimals: token.decimals,
      status: "awaiting_approval",
      ...amounts,
      requestedDeadline: request.payment_deadline ?? null,
      paymentDeadline,
      orderData: request.order_data ?? null,
      callbackUrl: request.callback_url ?? null,
      groupKey: request.group_key ?? null,
      paymentMethodType: request.payment_method_type ?? "crypto",
      swapEnabled: request.swap_enabled ?? false,
      payoutTargetAddress: request.payout_target_address ?? null,
      payoutAddresses: request.payout_addresses ?? {},
      bankAccountId: request.bank_account_id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const invoiceId = newId("inv");
    await tx.insert(invoices).values({
      id: invoiceId,
      orgId: principal.orgId,
      invoiceNumber: `INV-${now.getUTCFullYear()}-${String(counter.value).padStart(6, "0")}`,
      status: "approval_pending",
      paymentIntentId,
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
      useFixedStablecoinRate: request.use_fixed_stablecoin_rate ?? false,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(invoiceLogs).values({
      orgId: principal.orgId,
      invoiceId,
      fromStatus: "",
      toStatus: "approval_pending",
      operatorUid: principal.uid,
      reason: "created",
      createdAt: now,
    });
    return invoiceId;
  });
  const created = await getInvoiceOrThrow(database, principal.orgId, id);
  return serializeInvoice(created.invoice, created.paymentIntent);
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
