// One schema per request, shared by the API route handlers and the console forms.
import { z } from "zod";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { decimalFromNumber } from "@/lib/studio/money";
import {
  decimalString,
  emailAddress,
  httpUrl,
  isoDateOrTimestamp,
  isoTimestamp,
  nonBlank,
} from "@/lib/studio/validation";
import { INVOICE_STATUSES, STATUS_CATEGORIES } from "@/lib/studio/invoices/status";

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

export const pricingModes = ["fiat", "crypto"] as const;
export const fiatCurrencies = ["USD", "TWD"] as const;
export const settlementTypes = ["crypto", "fiat"] as const;

// Partial: a merchant names only the families it has addresses for.
const chainToAddress = z.partialRecord(z.enum(["evm", "sol", "tron"]), z.string().trim().min(1).max(128));
const attachment = z.object({ file_id: nonBlank(200) });
const chain = z.string().trim().min(1).max(32);

// Seconds, not milliseconds: a millisecond timestamp would land tens of thousands of years out.
const unixSeconds = z
  .number()
  .int()
  .positive()
  .max(32_503_680_000, "must be a Unix timestamp in seconds (this looks like milliseconds)");
// Stored as a PostgreSQL integer.
const bankAccountId = z.number().int().positive().max(2_147_483_647);

export const invoiceCreateSchema = z.object({
  client_id: z.string().optional(),
  pricing_mode: z.enum(pricingModes),
  amount: decimalString,
  currency: z.enum(fiatCurrencies).optional(),
  pay_token: z.enum(TOKEN_SYMBOLS),
  chain,
  origin: httpUrl,
  order_data: z.record(z.string(), z.unknown()).optional(),
  callback_url: httpUrl.optional(),
  group_key: z.string().max(200).optional(),
  payout_target_address: z.string().trim().min(1).max(128).optional(),
  payout_addresses: chainToAddress.optional(),
  payment_deadline: unixSeconds.optional(),
  swap_enabled: z.boolean().optional(),
  use_fixed_stablecoin_rate: z.boolean().optional(),
  recipient_name: nonBlank(200),
  recipient_email: emailAddress,
  organization_name: nonBlank(200),
  organization_email: emailAddress,
  description: z.string().max(5000).optional(),
  attachment: attachment.optional(),
  creator: nonBlank(200),
  payment_terms: z.number().int().min(0).max(3650),
  invoice_issue_date: isoDateOrTimestamp.optional(),
  payment_method_type: z.enum(settlementTypes).optional(),
  allow_any_chain: z.boolean().optional(),
  allow_any_token: z.boolean().optional(),
  bank_account_id: bankAccountId.optional(),
  detail_items: detailItems,
});
export type InvoiceCreateInput = z.infer<typeof invoiceCreateSchema>;

export const invoiceUpdateSchema = z.object({
  recipient_name: nonBlank(200).optional(),
  recipient_email: emailAddress.optional(),
  organization_name: nonBlank(200).optional(),
  organization_email: emailAddress.optional(),
  description: z.string().max(5000).optional(),
  attachment: attachment.optional(),
  reviewer: z.string().max(200).optional(),
  approve_time: isoTimestamp.optional(),
  invoice_issue_date: isoDateOrTimestamp.optional(),
  payment_terms: z.number().int().min(0).max(3650).optional(),
  payment_method_type: z.enum(settlementTypes).optional(),
  bank_account_id: bankAccountId.optional(),
  payout_target_address: z.string().trim().min(1).max(128).optional(),
  payout_target_sol_address: z.string().trim().min(1).max(128).optional(),
  payout_target_tron_address: z.string().trim().min(1).max(128).optional(),
  chain: chain.optional(),
  pay_token: z.enum(TOKEN_SYMBOLS).optional(),
  allow_any_chain: z.boolean().optional(),
  allow_any_token: z.boolean().optional(),
  payout_addresses: chainToAddress.optional(),
  detail_items: detailItems.optional(),
});
export type InvoiceUpdateInput = z.infer<typeof invoiceUpdateSchema>;

// Query strings are text: only plain digits count as an integer ("1e3", "0x10" and " 1" do not).
const queryInteger = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().min(1, "must be at least 1").max(max, `must be at most ${max}`))
    .default(fallback);

const filterText = z.string().trim().min(1).max(200).optional();

export const invoiceListQuerySchema = z
  .object({
    page: queryInteger(1, 1_000_000),
    page_size: queryInteger(20, 100),
    status: z.enum(INVOICE_STATUSES).optional(),
    status_category: z.enum(STATUS_CATEGORIES).optional(),
    settlement_type: z.enum(settlementTypes).optional(),
    recipient_email: filterText,
    invoice_id: filterText,
    payment_intent_id: filterText,
    search: filterText,
    created_after: isoDateOrTimestamp.optional(),
    created_before: isoDateOrTimestamp.optional(),
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const rejectSchema = z.object({ reason: nonBlank(2000) });
export const cancelSchema = z.object({ reason: z.string().trim().max(2000).optional() });
const fileIds = z.array(nonBlank(200)).max(20);
export const signSchema = z.object({
  refund_address: z.string().trim().min(1).max(128).optional(),
  refund_reason: z.string().trim().max(2000).optional(),
  refund_attachments: fileIds.optional(),
});
export const refundSchema = z.object({
  refund_address: z.string().trim().min(1).max(128),
  refund_reason: nonBlank(2000),
  refund_attachments: fileIds,
});
export type RejectInput = z.infer<typeof rejectSchema>;
export type CancelInput = z.infer<typeof cancelSchema>;
export type SignInput = z.infer<typeof signSchema>;
export type RefundInput = z.infer<typeof refundSchema>;
