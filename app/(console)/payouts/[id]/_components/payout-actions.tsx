"use client";
import { Amount } from "@/components/payments/amount";
import { approveAction, refundAction, rejectAction, WorkflowActions, type ActionSpec } from "@/components/payments/workflow-actions";
import { useViewer } from "@/components/providers";
import { PAYOUTS } from "@/lib/console/resources";
import type { Payout } from "@/lib/console/types";
import { PAYOUT_ACTIONS, permittedActions, type PayoutActionName, type PostedAction } from "@/lib/workflow/actions";

export function PayoutActions({ payout }: { payout: Payout }) {
  const viewer = useViewer();
  return <WorkflowActions resource={PAYOUTS} id={payout.id} actions={permittedActions("payout", payout, viewer)} specs={payoutSpecs(payout)} declarations={PAYOUT_ACTIONS} />;
}

function payoutSpecs(payout: Payout): Record<PostedAction<PayoutActionName>, ActionSpec> {
  const pi = payout.payment_intent;
  const target = pi.payout_target_address;
  return {
    approve: approveAction(
      PAYOUTS,
      target ? (
        <>
          Approve {payout.payout_id}? Once <Amount value={pi.crypto_amount} unit={pi.symbol} /> funds it, <Amount value={pi.exact_out_amount ?? payout.exact_out_amount} unit={pi.symbol} />{" "}
          goes to <span className="break-all font-mono text-xs">{target}</span>.
        </>
      ) : (
        <>{payout.payout_id} has no payout target address yet: edit it to add one, or the Studio refuses the approval.</>
      ),
    ),
    reject: rejectAction(PAYOUTS),
    refund: refundAction(),
  };
}
