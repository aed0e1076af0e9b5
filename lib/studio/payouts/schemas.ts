// Payout requests (spec 4.2), shared by the API route handlers and the console forms.
import { z } from "zod";
import { decimalString, emailAddress, nonBlank } from "@/lib/studio/validation";
import { settlementTypes } from "@/lib/studio/payment-intents/schemas";
import { intentCreateFields } from "@/lib/studio/workflow/schemas";
import { filterText, pagingQuerySchema } from "@/lib/studio/paging";
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

export const payoutUpdateSchema = payoutCreateSchema
  .pick({
    recipient_name: true,
    recipient_email: true,
    recipient_account_email: true,
    organization_name: true,
    organization_email: true,
    description: true,
    attachment: true,
    exact_out_amount: true,
    chain: true,
    pay_token: true,
    payout_target_address: true,
    recipient_type: true,
    recipient_uid: true,
    recipient_org_id: true,
    recipient_phone: true,
  })
  .partial();
export type PayoutUpdateInput = z.infer<typeof payoutUpdateSchema>;

export const payoutListQuerySchema = pagingQuerySchema.extend({
  payout_id: filterText,
  payment_intent_id: filterText,
  creator: filterText,
  status: z.enum(PAYOUT_STATUSES).optional(),
  status_category: z.enum(STATUS_CATEGORIES).optional(),
  settlement_type: z.enum(settlementTypes).optional(),
  search: filterText,
});
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;
