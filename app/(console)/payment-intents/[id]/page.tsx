import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentIntentDetail } from "./_components/payment-intent-detail";
import { Prefetched } from "@/lib/console/prefetch";
import { recordQuery } from "@/lib/console/queries";
import { PAYMENT_INTENTS } from "@/lib/console/resources";
import { ConsoleIntl } from "@/components/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("meta"))("paymentIntent") };
}
export const dynamic = "force-dynamic";

export default async function PaymentIntentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ConsoleIntl namespaces={["actions", "detail", "panel", "paymentIntent", "record", "resources"]}>
      <Prefetched queries={[recordQuery(PAYMENT_INTENTS, id)]}>
        <PaymentIntentDetail id={id} />
      </Prefetched>
    </ConsoleIntl>
  );
}
