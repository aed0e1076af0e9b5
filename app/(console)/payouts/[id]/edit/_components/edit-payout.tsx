"use client";
import { EditRecord } from "@/components/payments/edit-record";
import { PayoutForm } from "@/components/payouts/payout-form";
import { PAYOUTS } from "@/lib/console/resources";
import type { Payout } from "@/lib/console/types";

export function EditPayout({ id }: { id: string }) {
  return <EditRecord<Payout> resource={PAYOUTS} id={id} number={(payout) => payout.payout_id} form={(payout) => <PayoutForm payout={payout} />} />;
}
