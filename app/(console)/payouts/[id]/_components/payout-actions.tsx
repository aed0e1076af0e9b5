"use client";
import { useTranslations } from "next-intl";
import { Amount } from "@/components/payments/amount";
import { approveAction, refundAction, rejectAction, WorkflowActions, type ActionSpec } from "@/components/payments/workflow-actions";
import { useViewer } from "@/components/providers";
import { PAYOUTS } from "@/lib/console/resources";
import type { Payout } from "@/lib/console/types";
import { PAYOUT_ACTIONS, permittedActions, type PayoutActionName, type PostedAction } from "@/lib/workflow/actions";

export function PayoutActions({ payout }: { payout: Payout }) {
  const viewer = useViewer();
  const t = useTranslations("payout");
  return <WorkflowActions resource={PAYOUTS} id={payout.id} actions={permittedActions("payout", payout, viewer)} specs={payoutSpecs(payout, t)} declarations={PAYOUT_ACTIONS} />;
}

function payoutSpecs(payout: Payout, t: ReturnType<typeof useTranslations<"payout">>): Record<PostedAction<PayoutActionName>, ActionSpec> {
  const pi = payout.payment_intent;
  const target = pi.payout_target_address;
  return {
    approve: approveAction(
      PAYOUTS,
      target
        ? t.rich("approveSentence", {
            id: payout.payout_id,
            address: target,
            funding: () => <Amount value={pi.crypto_amount} unit={pi.symbol} />,
            net: () => <Amount value={pi.exact_out_amount ?? payout.exact_out_amount} unit={pi.symbol} />,
            target: (chunks) => <span className="break-all font-mono text-xs">{chunks}</span>,
          })
        : t("noTargetSentence", { id: payout.payout_id }),
    ),
    reject: rejectAction(PAYOUTS),
    refund: refundAction(),
  };
}
