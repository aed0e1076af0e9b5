import type { Metadata } from "next";
import { NewRecord } from "@/components/payments/new-record";
import { PayoutForm } from "@/components/payouts/payout-form";
import { PAYOUTS } from "@/lib/console/resources";

export const metadata: Metadata = { title: "New payout · Studio" };
export const dynamic = "force-dynamic";

export default function NewPayoutPage() {
  return (
    <NewRecord resource={PAYOUTS}>
      <PayoutForm />
    </NewRecord>
  );
}
