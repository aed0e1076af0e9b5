import type { Metadata } from "next";
import { PaymentIntentDetail } from "@/components/payment-intents/payment-intent-detail";

export const metadata: Metadata = { title: "Payment intent · Studio" };
export const dynamic = "force-dynamic";

export default async function PaymentIntentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PaymentIntentDetail id={id} />;
}
