import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NewRecord } from "@/components/payments/new-record";
import { PayoutForm } from "@/components/payouts/payout-form";
import { PAYOUTS } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("newPayout") };
}
export const dynamic = "force-dynamic";

export default function NewPayoutPage() {
  return (
    <ConsoleIntl namespaces={["forms"]}>
      <NewRecord resource={PAYOUTS}>
        <PayoutForm />
      </NewRecord>
    </ConsoleIntl>
  );
}
