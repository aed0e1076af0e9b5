import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import type { TokenSymbol } from "@/lib/studio/chain/registry";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import type { PricingMode } from "@/lib/studio/payment-intents/pricing";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import { requireToken } from "@/lib/studio/payment-intents/token";
import type { FiatCurrency } from "@/lib/studio/core/rates";
import { withoutUndefined } from "@/lib/studio/workflow/changes";
import { updateIntent } from "@/lib/studio/workflow/verbs";
import type { PayoutUpdateInput } from "@/lib/studio/payouts/schemas";
import { payoutAmounts } from "@/lib/studio/payouts/pricing";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import type { PayoutRow } from "@/lib/studio/payouts/serialize";

// PUT /payout/intent/{id}: edits a pending payout, or resubmits a rejected one.
export function updatePayout(input: { principal: Principal; id: string; request: PayoutUpdateInput }) {
  const { reviewer, approve_time } = input.request;
  return updateIntent(payoutOwner, { ...input, assignment: { reviewer, approve_time }, changesFor: ({ row, paymentIntent }) => changesFor(row, paymentIntent, input.request) });
}

function changesFor(payout: PayoutRow, pi: PaymentIntentRow, request: PayoutUpdateInput) {
  const changes: Partial<PayoutRow> = {
    recipientName: request.recipient_name,
    recipientEmail: request.recipient_email,
    recipientAccountEmail: request.recipient_account_email,
    organizationName: request.organization_name,
    organizationEmail: request.organization_email,
    description: request.description,
    attachment: request.attachment,
    recipientType: request.recipient_type,
    recipientUid: request.recipient_uid,
    recipientOrgId: request.recipient_org_id,
    recipientPhone: request.recipient_phone,
  };
  const paymentChanges: Partial<PaymentIntentRow> = { payoutTargetAddress: request.payout_target_address };
  const chainId = request.chain ?? pi.chainId;
  // Null clears the stored target: nothing is left to check against a new chain.
  const target = request.payout_target_address === undefined ? pi.payoutTargetAddress : request.payout_target_address;

  // Net, chain or token change what is deposited and sent: recompute every amount.
  if (request.exact_out_amount !== undefined || request.chain || request.pay_token) {
    const token = requireToken(chainId, request.pay_token ?? (pi.tokenSymbol as TokenSymbol));
    const priced = payoutAmounts({
      mode: pi.pricingMode as PricingMode,
      currency: payout.currency as FiatCurrency | null,
      token,
      amount: payout.amount,
      exactOutAmount: request.exact_out_amount ?? payout.exactOutAmount,
    });
    Object.assign(changes, priced.ownerAmounts);
    Object.assign(paymentChanges, {
      ...priced.payment,
      ...priced.paymentSplit,
      chainId,
      tokenSymbol: token.symbol,
      tokenAddress: token.address,
      decimals: token.decimals,
    });
  }
  // After the token check: an unsupported chain is named as such, not as a bad address.
  if (target && (request.chain || request.payout_target_address)) requireAddressFor(chainId, "payout_target_address", target);
  return { changes: withoutUndefined(changes), paymentChanges: withoutUndefined(paymentChanges) };
}
