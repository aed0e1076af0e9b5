// One schema per request, shared by the API route handlers and the console forms.
import { z } from "zod";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { decimalFromNumber } from "@/lib/studio/core/money";
import {
  attachment,
  bankAccountId,
  chainAddress,
  chainId,
  emailAddress,
  isoDateOrTimestamp,
  nonBlank,
} from "@/lib/studio/core/validation";
import { settlementTypes } from "@/lib/studio/payment-intents/schemas";
import { createdRangeQuerySchema, cursorQuerySchema, filterText, pagingQuerySchema, sortQuerySchema } from "@/lib/studio/core/paging";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { clearable, fileIds, intentCreateFields, notClearable, reviewAssignmentFields } from "@/lib/studio/workflow/schemas";
import { INVOICE_STATUSES } from "@/lib/studio/invoices/status";

// A JSON number that is an exact decimal we can do money arithmetic on (no exponent form).
const exactNumber = () =>
  z
    .number()
    .min(0, { error: "must not be negative", abort: true })
    .refine((value) => {
      try {
        return decimalFromNumber(value).scale <= 18;
      } catch {
        return false;
      }
    }, "must be a plain number with at most 18 decimal places");

export const detailItemSchema = z.object({
  name: nonBlank(200),
  quantity: exactNumber().refine((value) => value > 0, "must be greater than zero"),
  unit_price: exactNumber(),
  tax: exactNumber().optional(),
});
export type DetailItemInput = z.infer<typeof detailItemSchema>;

const detailItems = z.array(detailItemSchema).min(1, "must have at least one line item").max(500);

// Partial: a merchant names only the families it has addresses for.
const chainToAddress = z.partialRecord(z.enum(["evm", "sol", "tron"]), chainAddress);

export const invoiceCreateSchema = intentCreateFields.extend({
  payout_addresses: chainToAddress.optional(),
  use_fixed_stablecoin_rate: z.boolean().optional(),
  payment_terms: z.number().int().min(0).max(3650),
  invoice_issue_date: isoDateOrTimestamp.optional(),
  payment_method_type: z.enum(settlementTypes).optional(),
  allow_any_chain: z.boolean().optional(),
  allow_any_token: z.boolean().optional(),
  bank_account_id: bankAccountId.optional(),
  detail_items: detailItems,
  // Reminder e-mails (issue 26); the invoice e-mail itself goes on approval whatever this says.
  email_reminders: z.boolean().optional().meta({ description: "false: no reminder e-mails before the due date or when it passes (default true)" }),
});
export type InvoiceCreateInput = z.infer<typeof invoiceCreateSchema>;

export const invoiceUpdateSchema = z.object({
  recipient_name: notClearable(nonBlank(200)),
  recipient_email: notClearable(emailAddress),
  organization_name: notClearable(nonBlank(200)),
  organization_email: notClearable(emailAddress),
  description: clearable(z.string().max(5000)),
  attachment: clearable(attachment),
  ...reviewAssignmentFields,
  // Cleared: the creation date, as for a create without one.
  invoice_issue_date: clearable(isoDateOrTimestamp),
  payment_terms: notClearable(z.number().int().min(0).max(3650)),
  payment_method_type: clearable(z.enum(settlementTypes)),
  bank_account_id: clearable(bankAccountId),
  payout_target_address: clearable(chainAddress),
  payout_target_sol_address: clearable(chainAddress),
  payout_target_tron_address: clearable(chainAddress),
  chain: notClearable(chainId),
  pay_token: notClearable(z.enum(TOKEN_SYMBOLS)),
  allow_any_chain: clearable(z.boolean()),
  allow_any_token: clearable(z.boolean()),
  payout_addresses: clearable(chainToAddress),
  detail_items: notClearable(detailItems),
  email_reminders: clearable(z.boolean()),
});
export type InvoiceUpdateInput = z.infer<typeof invoiceUpdateSchema>;

/** What the invoice list sorts by: the amount as written, creation, and the due date (issue date + terms). */
export const INVOICE_SORT_KEYS = ["created_at", "amount", "due_date"] as const;

export const invoiceListQuerySchema = pagingQuerySchema.extend(createdRangeQuerySchema.shape).extend({
    status: z.enum(INVOICE_STATUSES).optional(),
    status_category: z.enum(STATUS_CATEGORIES).optional(),
    settlement_type: z.enum(settlementTypes).optional(),
    recipient_email: filterText,
    invoice_id: filterText,
    payment_intent_id: filterText,
    search: filterText,
    ...cursorQuerySchema.shape,
    ...sortQuerySchema(INVOICE_SORT_KEYS).shape,
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const cancelSchema = z.object({ reason: z.string().trim().max(2000).optional() });
export const signSchema = z.object({
  refund_address: chainAddress.optional(),
  refund_reason: z.string().trim().max(2000).optional(),
  refund_attachments: fileIds.optional(),
});
export type CancelInput = z.infer<typeof cancelSchema>;
export type SignInput = z.infer<typeof signSchema>;
