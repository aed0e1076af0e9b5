import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import { fieldError } from "@/lib/studio/core/errors";
import { AmountFormatError, parseUnits } from "@/lib/studio/core/money";
import { checkPayoutTargets } from "@/lib/studio/payment-intents/payout-targets";
import type { TokenInfo } from "@/lib/studio/chain/registry";
import { takeDepositAddress } from "@/lib/studio/payment-intents/deposit-address";
import { nestedPaymentIntent } from "@/lib/studio/payment-intents/nested";
import { FIAT_DECIMALS, paymentAmounts } from "@/lib/studio/payment-intents/pricing";
import { requireToken } from "@/lib/studio/payment-intents/token";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { insertCreated } from "@/lib/studio/workflow/create";
import { PAYMENT_INTENT_DEFAULTS, type PaymentIntentCreateInput } from "@/lib/studio/standalone-payments/schemas";
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";
import { serializeStandalonePayment } from "@/lib/studio/standalone-payments/serialize";

// POST /payment/intent: a payer is about to pay; the intent is pending with a live deposit address.
export function createPaymentIntent(input: { principal: Principal; clientId: string; request: PaymentIntentCreateInput; now?: Date }) {
  const { principal, clientId, request } = input;
  const now = input.now ?? new Date();
  const token = requireToken(request.chain, request.pay_token);
  const amounts = priced(request, token);
  checkPayoutTargets(request.chain, request);
  const paymentDeadline = request.payment_deadline ?? Math.floor(now.getTime() / 1000) + PAYMENT_INTENT_DEFAULTS.deadlineSeconds;

  return inTransaction(async (tx) => {
    const address = await takeDepositAddress(tx, principal.orgId, request.chain);
    const paymentIntent = nestedPaymentIntent({
      orgId: principal.orgId,
      clientId,
      request,
      token,
      amounts,
      paymentDeadline,
      extra: {
        status: "pending",
        ...address,
        payoutTargetAddress: request.payout_target_address ?? null,
        payoutTargetSolAddress: request.payout_target_sol_address ?? null,
        payoutTargetTronAddress: request.payout_target_tron_address ?? null,
        payoutAddresses: request.payout_addresses ?? {},
      },
      now,
    });
    const created = await insertCreated(standaloneOwner, {
      paymentIntent,
      operatorUid: principal.uid,
      now,
      record: {
        id: paymentIntent.id,
        orgId: principal.orgId,
        status: "pending",
        paymentIntentId: paymentIntent.id,
        creatorUid: principal.uid,
        createdAt: now,
        updatedAt: now,
      },
    });
    return serializeStandalonePayment(created.row, created.paymentIntent);
  });
}

/** The amounts: fiat priced by the rate provider and rounded up to the token's unit, or crypto as sent. */
function priced(request: PaymentIntentCreateInput, token: TokenInfo) {
  const fiat = request.pricing_mode === "fiat";
  const field = fiat ? "fiat_amount" : "crypto_amount";
  const decimals = fiat ? FIAT_DECIMALS : token.decimals;
  const text = (fiat ? request.fiat_amount : request.crypto_amount) ?? "";
  let amountUnits: bigint;
  try {
    amountUnits = parseUnits(text, decimals);
  } catch (error) {
    if (error instanceof AmountFormatError) throw fieldError(field, `must have at most ${decimals} decimal places`);
    throw error;
  }
  if (amountUnits <= 0n) throw fieldError(field, "must be greater than zero");
  return paymentAmounts({
    mode: request.pricing_mode,
    amountUnits,
    currency: request.fiat_currency ?? PAYMENT_INTENT_DEFAULTS.fiat_currency,
    token,
    useFixedStablecoinRate: request.use_fixed_stablecoin_rate ?? false,
  });
}

