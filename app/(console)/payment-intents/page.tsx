import type { Metadata } from "next";
import { Suspense } from "react";
import { PaymentIntentList } from "@/components/payment-intents/payment-intent-list";

export const metadata: Metadata = { title: "Payment intents · Studio" };
export const dynamic = "force-dynamic";

export default function PaymentIntentsPage() {
  return (
    <Suspense>
      <PaymentIntentList />
    </Suspense>
  );
}
