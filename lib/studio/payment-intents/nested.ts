import "server-only";
import type { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { fieldError, StudioError } from "@/lib/studio/core/errors";
import { newId } from "@/lib/studio/core/ids";
import type { TokenInfo } from "@/lib/studio/chain/registry";
import type { PaymentAmounts, PricingMode } from "@/lib/studio/payment-intents/pricing";

type NewPaymentIntent = typeof paymentIntents.$inferInsert;

// A minute of grace for clock skew between the merchant's servers and ours.
const CLOCK_SKEW_GRACE_SECONDS = 60;

/** Whether `deadline` (Unix seconds) has passed at `now`, beyond the clock-skew grace. */
export function deadlinePassed(deadline: number, now: Date): boolean {
  return deadline < Math.floor(now.getTime() / 1000) - CLOCK_SKEW_GRACE_SECONDS;
}

/**
 * Approving opens the payment window: one whose deadline has already passed would expire at once,
 * so the approval is refused (422).
 */
export function openPaymentWindow(paymentDeadline: number, now: Date): { paymentDeadline: number } {
  if (deadlinePassed(paymentDeadline, now)) {
    throw new StudioError("business_rule", "payment_deadline has already passed: approving would open a payment window that is already shut (cancel the record and create it with a later deadline)", [
      { field: "payment_deadline", message: "has already passed" },
    ]);
  }
  return { paymentDeadline };
}

/**
 * The payment intent an invoice or payout owns, as created with it (workflow/create.ts): awaiting
 * approval, no address yet. `extra` carries the owner's own payment fields (payout targets, net
 * and fee amounts).
 */
export function nestedPaymentIntent(input: {
  orgId: number;
  clientId: string;
  request: {
    pricing_mode: PricingMode;
    chain: string;
    payment_deadline?: number;
    order_data?: Record<string, unknown>;
    callback_url?: string;
    group_key?: string;
    swap_enabled?: boolean;
  };
  token: TokenInfo;
  amounts: PaymentAmounts;
  /** The deadline shown before approval (approval may compute another). */
  paymentDeadline: number | null;
  extra: Partial<NewPaymentIntent>;
  now: Date;
}): NewPaymentIntent {
  const { request, token, now } = input;
  if (request.payment_deadline !== undefined && deadlinePassed(request.payment_deadline, now)) {
    throw fieldError("payment_deadline", "must not be in the past (a Unix timestamp in seconds)");
  }
  return {
    id: newId("pi"),
    orgId: input.orgId,
    clientId: input.clientId,
    pricingMode: request.pricing_mode,
    chainId: request.chain,
    tokenSymbol: token.symbol,
    tokenAddress: token.address,
    decimals: token.decimals,
    status: "awaiting_approval",
    ...input.amounts,
    requestedDeadline: request.payment_deadline ?? null,
    paymentDeadline: input.paymentDeadline,
    orderData: request.order_data ?? null,
    callbackUrl: request.callback_url ?? null,
    groupKey: request.group_key ?? null,
    paymentMethodType: "crypto",
    swapEnabled: request.swap_enabled ?? false,
    ...input.extra,
    createdAt: now,
    updatedAt: now,
  };
}
