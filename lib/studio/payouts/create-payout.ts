import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import { newId } from "@/lib/studio/core/ids";
import { checkPayoutTargets } from "@/lib/studio/payment-intents/payout-targets";
import { nestedPaymentIntent } from "@/lib/studio/payment-intents/nested";
import { requireToken } from "@/lib/studio/payment-intents/token";
import { insertCreated } from "@/lib/studio/workflow/create";
import type { PayoutCreateInput } from "@/lib/studio/payouts/schemas";
import { payoutAmounts } from "@/lib/studio/payouts/pricing";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { serializePayout } from "@/lib/studio/payouts/serialize";

// POST /payout/intent: a new payout waits in approval_pending with an awaiting_approval payment.
export async function createPayout(input: { principal: Principal; clientId: string; request: PayoutCreateInput; now?: Date }) {
  const { principal, clientId, request } = input;
  const now = input.now ?? new Date();
  const token = requireToken(request.chain, request.pay_token);
  const currency = request.pricing_mode === "fiat" ? (request.currency ?? "USD") : null;
  const priced = payoutAmounts({ mode: request.pricing_mode, currency, token, amount: request.amount, exactOutAmount: request.exact_out_amount });
  checkPayoutTargets(request.chain, request);

  const paymentIntent = nestedPaymentIntent({
    orgId: principal.orgId,
    clientId,
    request,
    token,
    amounts: priced.payment,
    paymentDeadline: request.payment_deadline ?? null,
    extra: { ...priced.paymentSplit, payoutTargetAddress: request.payout_target_address ?? null },
    now,
  });
  const created = await insertCreated(payoutOwner, {
    paymentIntent,
    operatorUid: principal.uid,
    now,
    record: {
      id: newId("po"),
      orgId: principal.orgId,
      status: "approval_pending",
      paymentIntentId: paymentIntent.id,
      creatorUid: principal.uid,
      creator: request.creator,
      ...priced.ownerAmounts,
      currency,
      origin: request.origin,
      recipientName: request.recipient_name,
      recipientEmail: request.recipient_email,
      recipientAccountEmail: request.recipient_account_email ?? null,
      organizationName: request.organization_name,
      organizationEmail: request.organization_email,
      description: request.description ?? null,
      attachment: request.attachment ?? null,
      recipientType: request.recipient_type ?? null,
      recipientUid: request.recipient_uid ?? null,
      recipientOrgId: request.recipient_org_id ?? null,
      recipientPhone: request.recipient_phone ?? null,
      createdAt: now,
      updatedAt: now,
    },
  });
  return serializePayout(created.row, created.paymentIntent);
}
