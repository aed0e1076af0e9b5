import "server-only";
// Standalone payment intent requests (spec 4.3 shows only an example; product-decisions §3 and
// the README give the full body), shared by the API route handlers and the console forms.
import { z } from "zod";
import { TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { fiatCurrencies, pricingModes } from "@/lib/studio/payment-intents/schemas";
import { createdRangeQuerySchema, cursorQuerySchema, filterText, pagingQuerySchema, sortQuerySchema } from "@/lib/studio/core/paging";
import { STATUS_CATEGORIES } from "@/lib/studio/workflow/state-machine";
import { chainAddress, chainId, decimalString, httpUrl, orderData, unixSeconds } from "@/lib/studio/core/validation";
import { isPlainDecimal, parseDecimal } from "@/lib/studio/core/money";
import { STANDALONE_STATUSES } from "@/lib/studio/standalone-payments/status";

/** Defaults of the fields a payer-facing create may leave out (documented in the README). */
export const PAYMENT_INTENT_DEFAULTS = { chain: "arb", pay_token: "USDC", fiat_currency: "USD", deadlineSeconds: 3600 } as const;

const chainToAddress = z.partialRecord(z.enum(["evm", "sol", "tron"]), chainAddress);

export const paymentIntentCreateSchema = z
  .object({
    client_id: z.string().optional(),
    // Optional: the amount field sent says which pricing applies; when given, it must agree.
    pricing_mode: z.enum(pricingModes).optional(),
    fiat_amount: decimalString.optional(),
    fiat_currency: z.enum(fiatCurrencies).optional(),
    crypto_amount: decimalString.optional(),
    pay_token: z.enum(TOKEN_SYMBOLS).default(PAYMENT_INTENT_DEFAULTS.pay_token),
    chain: chainId.default(PAYMENT_INTENT_DEFAULTS.chain),
    callback_url: httpUrl.optional(),
    order_data: orderData.optional(),
    group_key: z.string().trim().min(1).max(200).optional(),
    payment_deadline: unixSeconds.optional(),
    payout_target_address: chainAddress.optional(),
    payout_target_sol_address: chainAddress.optional(),
    payout_target_tron_address: chainAddress.optional(),
    payout_addresses: chainToAddress.optional(),
    swap_enabled: z.boolean().optional(),
    use_fixed_stablecoin_rate: z.boolean().optional(),
  })
  .superRefine((request, context) => {
    const issue = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
    const mode = request.pricing_mode ?? (request.crypto_amount !== undefined && request.fiat_amount === undefined ? "crypto" : "fiat");
    if (mode === "fiat") {
      if (request.fiat_amount === undefined) issue("fiat_amount", "is required (or send crypto_amount for crypto pricing)");
      else if (belowOneCent(request.fiat_amount)) issue("fiat_amount", "must be at least 0.01");
      if (request.crypto_amount !== undefined) issue("crypto_amount", "must not be sent with fiat pricing; the crypto amount is computed from fiat_amount");
    } else {
      if (request.crypto_amount === undefined) issue("crypto_amount", "is required for crypto pricing");
      if (request.fiat_amount !== undefined) issue("fiat_amount", "must not be sent with crypto pricing");
      if (request.fiat_currency !== undefined) issue("fiat_currency", "applies only to fiat pricing");
    }
  })
  .transform((request) => ({
    ...request,
    pricing_mode: request.pricing_mode ?? (request.fiat_amount !== undefined ? ("fiat" as const) : ("crypto" as const)),
  }));
export type PaymentIntentCreateInput = z.infer<typeof paymentIntentCreateSchema>;

/** What the payment intent list sorts by: the token amount, creation, and the payment deadline. */
export const PAYMENT_INTENT_SORT_KEYS = ["created_at", "amount", "due_date"] as const;

export const paymentIntentListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(STANDALONE_STATUSES).optional(),
  status_category: z.enum(STATUS_CATEGORIES).optional(),
  chain: filterText,
  token: z.enum(TOKEN_SYMBOLS).optional(),
  group_key: filterText,
  search: filterText,
  ...createdRangeQuerySchema.shape,
  ...cursorQuerySchema.shape,
  ...sortQuerySchema(PAYMENT_INTENT_SORT_KEYS).shape,
});
export type PaymentIntentListQuery = z.infer<typeof paymentIntentListQuerySchema>;

/** KryptoGO's smallest fiat amount is 0.01: compared exactly, in the amount's own decimal places. */
function belowOneCent(text: string): boolean {
  if (!isPlainDecimal(text)) return false;
  const { units, scale } = parseDecimal(text);
  return units * 100n < 10n ** BigInt(scale);
}
