import "server-only";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { getIntentOrThrow } from "@/lib/studio/workflow/owner";
import { invoiceOwner } from "@/lib/studio/invoices/owner";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";
import { eq } from "drizzle-orm";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { invoicePdfFilename, renderInvoicePdf } from "@/lib/studio/invoices/invoice-pdf";

// GET /invoice/intent/{id}
export async function getInvoice(input: { principal: Principal; id: string }) {
  const { row, paymentIntent } = await getIntentOrThrow(await db(), invoiceOwner, input.principal.orgId, input.id);
  return serializeInvoice(row, paymentIntent);
}

// GET /invoice/intent/{id}/pdf (extension): the invoice as a PDF, with its pay link once approved.
export async function getInvoicePdf(input: { principal: Principal; id: string }) {
  const database = await db();
  const { row, paymentIntent } = await getIntentOrThrow(database, invoiceOwner, input.principal.orgId, input.id);
  const invoice = serializeInvoice(row, paymentIntent);
  const [org] = await database.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.orgId));
  const bytes = await renderInvoicePdf({ invoice, merchantName: org?.name ?? "", payLink: invoice.payment_intent.kg_deep_link });
  return { bytes, filename: invoicePdfFilename(invoice) };
}
