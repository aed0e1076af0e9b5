// Payout requests (spec 4.2), shared by the API route handlers and the console forms.
import { z } from "zod";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import {
  attachment,
  chainAddress,
  chainId,
  decimalString,
  emailAddress,
  httpUrl,
  nonBlank,
  unixSeconds,
} from "@/lib/studio/validation";
import { fiatCurrencies, pricingModes, settlementTypes } from "@/lib/studio/payment-intents/schemas";
import { filterText, pagingQuerySchema } from "@/lib/studio/paging";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { PAYOUT_STATUSES } from "@/lib/studio/payouts/status";

export const recipientTypes = ["individual", "organization"] as const;
// A platform organization id, stored as a PostgreSQL integer.
const platformOrgId = z.number().int().positive().max(2_147_483_647);

export const payoutCreateSchema = z.object({
  client_id: z.string().optional(),
  pricing_mode: z.enum(pricingModes),
  amount: decimalString,
  currency: z.enum(fiatCurrencies).optional(),
  pay_token: z.enum(TOKEN_SYMBOLS),
  chain: chainId,
  origin: httpUrl,
  order_data: z.record(z.string(), z.unknown()).optional(),
  callback_url: httpUrl.optional(),
  group_key: z.string().max(200).optional(),
  payout_target_address: chainAddress.optional(),
  payment_deadline: unixSeconds.optional(),
  exact_out_amount: decimalString,
  swap_enabled: z.boolean().optional(),
  recipient_name: nonBlank(200),
  recipient_email: emailAddress,
  recipient_account_email: emailAddress.optional(),
  organization_name: nonBlank(200),
  organization_email: emailAddress,
  description: z.string().max(5000).optional(),
  attachment: attachment.optional(),
  creator: nonBlank(200),
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
