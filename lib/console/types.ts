// The Studio API records as the console reads them: the OpenAPI document's component schemas
// (lib/console/api-types.ts, generated from the service's zod record schemas by
// `npm run openapi:types`), so a field the service changes is a compile error here.
import type { components, paths } from "@/lib/console/api-types";

type Schemas = components["schemas"];

export type DetailItem = Schemas["InvoiceIntent"]["detail_items"][number];
export type PaymentIntent = Schemas["PaymentIntent"];
export type Invoice = Schemas["InvoiceIntent"];
export type Payout = Schemas["PayoutIntent"];
export type Balance = Schemas["Balance"];
export type LedgerEntry = Schemas["LedgerEntry"];
export type Transfer = Schemas["Transfer"];
export type Me = Schemas["Me"];

/** A payment intent of its own (GET /payment/intent/{id}): the record plus its workflow fields. */
export type StandalonePaymentIntent = Schemas["StandalonePaymentIntent"] & {
  /** The console's alias of `payment_intent_id` (every record page is addressed by `id`). */
  id: string;
};

/** One row of an invoice's, a payout's or a payment intent's status log (the owner's id is under `<owner>_id`). */
export type StatusLog = Omit<Schemas["InvoiceLog"], "invoice_id"> & {
  /** Added by the console: the operator's display name when a console account knows that uid. */
  operator_name?: string;
};

export type Paging = paths["/v1/studio/api/invoice/intents"]["get"]["responses"][200]["content"]["application/json"]["paging"];
export type ListData<T, C extends string = StatusCategory> = { data: T[]; paging: Paging; counts: Record<C, number> };
export type StatusCategory = Invoice["status_category"];

/** The Studio API's error envelope. */
export type StudioErrorBody = Schemas["ErrorEnvelope"];
export type FieldError = NonNullable<StudioErrorBody["errors"]>[number];
/** The console's own routes (app/api) answer the same shape, with their own codes (e.g. 50200) and no request id of Studio's. */
export type ErrorBody = { code: number; message: string; errors?: FieldError[]; request_id?: string };
