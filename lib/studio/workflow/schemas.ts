// Request pieces every workflow owner shares (spec 4.1 and 4.2 list them alike), extended by
// each owner's own schema and reused by the console forms.
import { z } from "zod";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { fiatCurrencies, pricingModes } from "@/lib/studio/payment-intents/schemas";
import {
  attachment,
  chainAddress,
  chainId,
  decimalString,
  emailAddress,
  httpUrl,
  isoTimestamp,
  nonBlank,
  orderData,
  unixSeconds,
} from "@/lib/studio/core/validation";

/** The fields InvoiceCreateRequest and PayoutCreateRequest have in common. */
export const intentCreateFields = z.object({
  client_id: z.string().optional(),
  pricing_mode: z.enum(pricingModes),
  amount: decimalString,
  currency: z.enum(fiatCurrencies).optional(),
  pay_token: z.enum(TOKEN_SYMBOLS),
  chain: chainId,
  origin: httpUrl,
  order_data: orderData.optional(),
  callback_url: httpUrl.optional(),
  group_key: z.string().max(200).optional(),
  payout_target_address: chainAddress.optional(),
  payment_deadline: unixSeconds.optional(),
  swap_enabled: z.boolean().optional(),
  recipient_name: nonBlank(200),
  recipient_email: emailAddress,
  organization_name: nonBlank(200),
  organization_email: emailAddress,
  description: z.string().max(5000).optional(),
  attachment: attachment.optional(),
  creator: nonBlank(200),
});

export const fileIds = z.array(nonBlank(200)).max(20);

export const rejectSchema = z.object({ reason: nonBlank(2000) });
export const refundSchema = z.object({
  refund_address: chainAddress,
  refund_reason: nonBlank(2000),
  refund_attachments: fileIds,
});
export type RejectInput = z.infer<typeof rejectSchema>;
export type RefundInput = z.infer<typeof refundSchema>;

// PUT semantics, the same for every owner: a field left out stays as it is, and `null` clears a
// field the create request may leave out (stored NULL, or the default a create without it gets).
/** An update field the record may be without: `null` clears it. */
export function clearable<S extends z.ZodType>(schema: S) {
  return schema.nullable().optional();
}

/**
 * An update field the record cannot be without: `null` is refused, naming the field. (A preprocess
 * step rather than a refine before the schema, so the OpenAPI document shows the field's own type.)
 */
export function notClearable<S extends z.ZodType>(schema: S) {
  return z
    .preprocess((value, context) => {
      if (value === null) context.addIssue({ code: "custom", message: "is required and cannot be cleared with null" });
      return value;
    }, schema)
    .optional();
}

/**
 * The review's assignment, in InvoiceUpdateRequest (spec 4.1) and, as an extension, the payout's:
 * who should review the record and by when. They approve nothing and never lift maker-checker;
 * the approver inbox reads them. `null` clears either.
 */
export const reviewAssignmentFields = {
  reviewer: clearable(nonBlank(320)).meta({
    description:
      "Assigns the review: the uid or e-mail of a person in the organization who holds transfer:approve (else 422/42200). " +
      "It approves nothing; the record is then in that person's inbox rather than every approver's. Shown as `assigned_reviewer_uid`.",
    example: "approver@merchant.example",
  }),
  approve_time: clearable(isoTimestamp).meta({
    description: "When the review is due: an ISO 8601 date-time with Z or an offset (else 400). The inbox sorts by it. Shown as `review_due_at`.",
    example: "2026-01-31T17:00:00+08:00",
  }),
};
export type ReviewAssignmentInput = { reviewer?: string | null; approve_time?: string | null };
