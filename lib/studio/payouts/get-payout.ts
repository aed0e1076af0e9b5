import "server-only";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { getIntentOrThrow } from "@/lib/studio/workflow/owner";
import { payoutOwner } from "@/lib/studio/payouts/owner";
import { serializePayout } from "@/lib/studio/payouts/serialize";

// GET /payout/intent/{id}
export async function getPayout(input: { principal: Principal; id: string }) {
  const { row, paymentIntent } = await getIntentOrThrow(await db(), payoutOwner, input.principal.orgId, input.id);
  return serializePayout(row, paymentIntent);
}
