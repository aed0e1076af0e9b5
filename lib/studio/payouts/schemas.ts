// Payout requests (spec 4.2), shared by the API route handlers and the console forms.
import { z } from "zod";
import { decimalString, emailAddress, nonBlank } from "@/lib/studio/core/validation";
import { settlementTypes } from "@/lib/studio/payment-intents/schemas";
import { clearable, intentCreateFields, notClearable, reviewAssignmentFields } from "@/lib/studio/workflow/schemas";
import { createdRangeQuerySchema, cursorQuerySchema, filterText, pagingQuerySchema, sortQuerySchema } from "@/lib/studio/core/paging";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { PAYOUT_STATUSES } from "@/lib/studio/payouts/status";

export const recipientTypes = ["individual", "organization"] as const;
// A platform organization id, stored as a PostgreSQL integer.
const platformOrgId = z.number().int().positive().max(2_147_483_647);

export const payoutCreateSchema = intentCreateFields.extend({
  exact_out_amount: decimalString,
  recipient_account_email: emailAddress.optional(),
  recipient_type: z.enum(recipientTypes).optional(),
  recipient_uid: nonBlank(200).optional(),
  recipient_org_id: platformOrgId.optional(),
  recipient_phone: z.string().trim().min(1).max(40).optional(),
});
export type PayoutCreateInput = z.infer<typeof payoutCreateSchema>;

const create = payoutCreateSchema.shape;
// Each create field by its own rules; null clears only what a create may leave out.
export const payoutUpdateSchema = z.object({
  recipient_name: notClearable(create.recipient_name),
  recipient_email: notClearable(create.recipient_email),
  recipient_account_email: clearable(create.recipient_account_email.unwrap()),
  organization_name: notClearable(create.organization_name),
  organization_email: notClearable(create.organization_email),
  description: clearable(create.description.unwrap()),
  attachment: clearable(create.attachment.unwrap()),
  exact_out_amount: notClearable(create.exact_out_amount),
  chain: notClearable(create.chain),
  pay_token: notClearable(create.pay_token),
  payout_target_address: clearable(create.payout_target_address.unwrap()),
  recipient_type: clearable(create.recipient_type.unwrap()),
  recipient_uid: clearable(create.recipient_uid.unwrap()),
  recipient_org_id: clearable(create.recipient_org_id.unwrap()),
  recipient_phone: clearable(create.recipient_phone.unwrap()),
  // An extension: the invoice's review assignment, for payouts too.
  ...reviewAssignmentFields,
});
export type PayoutUpdateInput = z.infer<typeof payoutUpdateSchema>;

/** What the payout list sorts by: the gross amount as written, creation, and the payment deadline. */
export const PAYOUT_SORT_KEYS = ["created_at", "amount", "due_date"] as const;

export const payoutListQuerySchema = pagingQuerySchema.extend({
  payout_id: filterText,
  payment_intent_id: filterText,
  creator: filterText,
  status: z.enum(PAYOUT_STATUSES).optional(),
  status_category: z.enum(STATUS_CATEGORIES).optional(),
  settlement_type: z.enum(settlementTypes).optional(),
  search: filterText,
  ...createdRangeQuerySchema.shape,
  ...cursorQuerySchema.shape,
  ...sortQuerySchema(PAYOUT_SORT_KEYS).shape,
});
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;
