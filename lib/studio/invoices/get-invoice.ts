import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { getIntentOrThrow } from "@/lib/studio/workflow/owner";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// GET /invoice/intent/{id}
export async function getInvoice(input: { principal: Principal; id: string }) {
  const { row, paymentIntent } = await getIntentOrThrow(await db(), invoiceOwner, input.principal.orgId, input.id);
  return serializeInvoice(row, paymentIntent);
}
