import "server-only";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/core/errors";
import { approveIntent } from "@/lib/studio/workflow/verbs";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { openPaymentWindow } from "@/lib/studio/payment-intents/nested";

const DAY_SECONDS = 86_400;

// POST /payout/intent/{id}/approve: opens the funding window (the requested deadline, else 24 h).
export function approvePayout(input: { principal: Principal; id: string; now?: Date }) {
  const now = input.now ?? new Date();
  return approveIntent(payoutOwner, {
    principal: input.principal,
    id: input.id,
    now,
    prepare: ({ paymentIntent }) => {
      if (!paymentIntent.payoutTargetAddress) {
        throw new StudioError("business_rule", "A payout needs a payout_target_address before it can be approved", [
          { field: "payout_target_address", message: "is required before approval" },
        ]);
      }
      return openPaymentWindow(paymentIntent.requestedDeadline ?? Math.floor(now.getTime() / 1000) + DAY_SECONDS, now);
    },
  });
}
