// The Studio API records as the console reads them (spec part 2 plus the additive fields it uses).
// Plain types with no imports from the service: the console knows the service only over HTTP.
import type { InvoiceStatus } from "@/lib/studio/invoices/status";
import type { PaymentStatus } from "@/lib/studio/payment-intents/status";
import type { PayoutStatus } from "@/lib/studio/payouts/status";
import type { StatusCategory } from "@/lib/studio/workflow/state-machine";

export type DetailItem = { name: string; quantity: number; unit_price: number; tax?: number };

export type PaymentIntent = {
  payment_intent_id: string;
  client_id: string;
  pricing_mode: "fiat" | "crypto";
  payment_chain_id: string;
  payment_address: string;
  payer_address: string | null;
  token_address: string;
  symbol: string;
  decimals: number;
  crypto_amount: string;
  fiat_amount: string | null;
  fiat_currency: "USD" | "TWD" | null;
  payment_deadline: number;
  status: PaymentStatus;
  payment_tx_hash: string | null;
  payment_tx_timestamp: number | null;
  aggregation_tx_hash: string | null;
  refund_tx_hash: string | null;
  received_crypto_amount: string | null;
  refund_crypto_amount: string | null;
  partial_refund_tx_hash: string | null;
  partial_refund_amount: string | null;
  partial_refund_address: string | null;
  payment_method_type: string;
  crypto_price: string | null;
  payout_target_address: string | null;
  exact_out_amount: string | null;
  kg_fee_amount: string | null;
  refund_address?: string | null;
  refund_reason?: string | null;
  created_at?: string;
  aggregated_crypto_amount?: string | null;
  aggregation_tx_timestamp?: number | null;
  finalized_timestamp?: number | null;
  callback_url?: string | null;
  group_key?: string | null;
  order_data?: Record<string, unknown> | null;
  swap_enabled?: boolean | null;
  kya_risk?: string | null;
  large_transaction_risk?: string | null;
  total_weighted_risk_score?: string | null;
};

/** A payment intent of its own (GET /payment/intent/{id}): the record plus its workflow fields. */
export type StandalonePaymentIntent = PaymentIntent & {
  /** The console's alias of `payment_intent_id` (every record page is addressed by `id`). */
  id: string;
  status_category: StatusCategory;
  creator_uid: string;
  created_at: string;
  updated_at: string;
};

/** GET /balances: one chain and token the organization holds. */
export type Balance = { chain_id: string; contract_address: string; symbol: string; decimals: number; amount: string; updated_at: string };

/** GET /balances/ledger: one movement; debits are negative. */
export type LedgerEntry = {
  id: string;
  chain_id: string;
  contract_address: string;
  symbol: string;
  amount: string;
  kind: string;
  payment_intent_id: string | null;
  transfer_id: string | null;
  reference: string;
  created_at: string;
};

/** POST /asset_pro/transfer: a withdrawal to an outside wallet. */
export type Transfer = {
  id: string;
  chain_id: string;
  contract_address: string;
  symbol: string;
  decimals: number;
  amount: string;
  wallet_address: string;
  status: "submitted" | "confirmed" | "failed";
  tx_hash: string | null;
  created_at: string;
};

export type Invoice = {
  id: string;
  invoice_id: string;
  payment_intent: PaymentIntent;
  status: InvoiceStatus;
  status_category: StatusCategory;
  recipient_name: string;
  recipient_email: string;
  organization_name: string;
  organization_email: string;
  payment_terms: number;
  detail_items: DetailItem[];
  amount: string;
  subtotal: string;
  tax_total: string;
  currency: "USD" | "TWD" | null;
  description: string | null;
  creator: string;
  creator_uid: string;
  invoice_issue_date: string;
  created_at: string;
  updated_at?: string;
  reviewer?: string | null;
  approve_time?: string | null;
};

export type Payout = {
  id: string;
  payout_id: string;
  payment_intent: PaymentIntent;
  status: PayoutStatus;
  status_category: StatusCategory;
  recipient_name: string;
  recipient_email: string;
  organization_name: string;
  organization_email: string;
  /** Net, gross and fee in the pricing unit (cents under fiat pricing, else the token's decimals). */
  exact_out_amount: string;
  amount: string;
  kg_fee_amount: string;
  currency: "USD" | "TWD" | null;
  recipient_account_email: string | null;
  recipient_type: "individual" | "organization" | null;
  recipient_uid: string | null;
  recipient_org_id: number | null;
  recipient_phone: string | null;
  description: string | null;
  creator: string;
  creator_uid: string;
  origin: string;
  reviewer: string | null;
  approve_time: string | null;
  created_at: string;
  updated_at: string;
};

/** One row of an invoice's or a payout's status log (spec 2.6; the owner's id is under `<owner>_id`). */
export type StatusLog = {
  id: number;
  from_status: string;
  to_status: string;
  operator_uid: string;
  reason: string;
  created_at: string;
  /** Added by the console: the operator's display name when a console account knows that uid. */
  operator_name?: string;
};

/** One attempt at a webhook delivery (GET /webhook/deliveries); `manual` when an admin resent it. */
export type WebhookAttempt = {
  attempt: number;
  manual: boolean;
  url: string;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  /** The first 1 KiB of the receiver's answer. */
  response_body: string | null;
  created_at: string;
};

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One event on its way to a record's callback_url; `id` is the `webhook-id` the receiver sees. */
export type WebhookDelivery = {
  id: string;
  type: string;
  object_type: "invoice" | "payout" | "payment_intent";
  object_id: string;
  url: string;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  /** The signed JSON body, as sent. */
  payload: unknown;
  attempts: WebhookAttempt[];
};

export type Paging = { page_number: number; page_size: number; total_count: number };
export type ListData<T, C extends string = StatusCategory> = { data: T[]; paging: Paging; counts: Record<C, number> };

export type Me = {
  uid: string;
  name: string;
  email: string;
  org_id: number;
  org_name: string;
  permissions: string[];
};

export type FieldError = { field: string; message: string };
export type ErrorBody = { code: number; message: string; errors?: FieldError[]; request_id?: string };

/** Team management (issue 13): a person of the organization as the Studio knows them. */
export type TeamUser = { uid: string; name: string; email: string; permissions: string[]; disabled: boolean; created_at: string };

/** An API key as listed; the secret `api_key` comes only in the answer that created it. */
export type ApiKeyRecord = {
  id: string;
  prefix: string;
  last4: string;
  uid: string;
  created_at: string;
  last_used_at: string | null;
  revoked: boolean;
  revoked_at: string | null;
};
export type CreatedApiKey = ApiKeyRecord & { api_key: string };

/** One row of the organization's audit log; `actor_uid` is null only for the operator CLI. */
export type AuditRow = {
  id: string;
  created_at: string;
  actor_uid: string | null;
  action: string;
  object_type: string;
  object_id: string;
  details: Record<string, unknown>;
};

/** A list without per-category counts (users, keys, the audit log). */
export type PlainList<T> = { data: T[]; paging: Paging };
