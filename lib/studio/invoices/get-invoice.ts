import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { invoiceLogs } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { getInvoiceOrThrow } from "@/lib/studio/invoices/queries";
import { serializeInvoice, serializeInvoiceLog } from "@/lib/studio/invoices/serialize";

// GET /invoice/intent/{id}
export async function getInvoice(input: { principal: Principal; id: string }) {
  const { invoice, paymentIntent } = await getInvoiceOrThrow(await db(), input.principal.orgId, input.id);
  return serializeInvoice(invoice, paymentIntent);
}

// GET /invoice/intent/{id}/logs: every transition, oldest first.
export async function listInvoiceLogs(input: { principal: Principal; id: string }) {
  const database = await db();
  const { invoice } = await getInvoiceOrThrow(database, input.principal.orgId, input.id);
  const logs = await database
    .select()
    .from(invoiceLogs)
    .where(eq(invoiceLogs.invoiceId, invoice.id))
    .orderBy(asc(invoiceLogs.id));
  return logs.map(serializeInvoiceLog);
}
