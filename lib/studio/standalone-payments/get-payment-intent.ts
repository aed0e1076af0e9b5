import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { getIntentOrThrow } from "@/lib/studio/workflow/owner";
import { standaloneOwner } from "@/lib/studio/standalone-payments/owner";
import { serializeStandalonePayment } from "@/lib/studio/standalone-payments/serialize";

// GET /payment/intent/{id}
export async function getPaymentIntent(input: { principal: Principal; id: string }) {
  const { row, paymentIntent } = await getIntentOrThrow(await db(), standaloneOwner, input.principal.orgId, input.id);
  return serializeStandalonePayment(row, paymentIntent);
}
