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
export type ChainStatus = Schemas["ChainStatus"];
export type ChainSend = Schemas["ChainSend"];
export type UnmatchedDeposit = Schemas["UnmatchedDeposit"];
export type LedgerEntry = Schemas["LedgerEntry"];
export type Transfer = Schemas["Transfer"];
export type Me = Schemas["Me"];
/** GET /dashboard: the organization's aggregate figures. */
export type Dashboard = Schemas["Dashboard"];
export type DashboardInterval = Dashboard["interval"];
/** A person's saved view of a list (GET/POST /saved_views). */
export type SavedView = Schemas["SavedView"];
export type SavedViewCreateRequest = Schemas["SavedViewCreateRequest"];
/** GET /lookup: a record the command palette can open. */
export type LookupMatch = Schemas["LookupMatch"];

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
/** A list without per-category counts (users, keys, the audit log). */
export type PlainList<T> = { data: T[]; paging: Paging };
export type StatusCategory = Invoice["status_category"];

/** The Studio API's error envelope. */
export type StudioErrorBody = Schemas["ErrorEnvelope"];
export type FieldError = NonNullable<StudioErrorBody["errors"]>[number];
/** The console's own routes (app/api) answer the same shape, with their own codes (e.g. 50200) and no request id of Studio's. */
export type ErrorBody = { code: number; message: string; errors?: FieldError[]; request_id?: string };

/** One webhook event on its way to a record's callback_url or a webhook endpoint (GET /webhook/deliveries); `id` is the `webhook-id` the receiver sees. */
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type InvoiceEmails = Schemas["InvoiceEmails"];
export type InvoiceEmail = Schemas["InvoiceEmail"];
/** One attempt at a delivery; `manual` when an admin resent it. */
export type WebhookAttempt = WebhookDelivery["attempts"][number];
export type WebhookDeliveryStatus = WebhookDelivery["status"];
/** GET /webhook/secret: shown only when an admin asks to see it. */
export type WebhookSecret = Schemas["WebhookSecret"];
/** An organization-wide webhook endpoint (org:manage); its secret comes only in the answer that created or rotated it. */
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookEndpointWithSecret = Schemas["WebhookEndpointWithSecret"];
export type DeletedWebhookEndpoint = Schemas["DeletedWebhookEndpoint"];
export type WebhookEndpointCreateRequest = Schemas["WebhookEndpointCreateRequest"];
export type WebhookEndpointRotateRequest = Schemas["WebhookEndpointRotateRequest"];
/** One of the event types the service emits (GET /webhook/event_types). */
export type WebhookEventType = Schemas["WebhookEventType"];

/** Team management (issue 13): a person of the organization as the Studio knows them. */
export type TeamUser = Schemas["User"];
/** An API key as listed; the secret `api_key` comes only in the answer that created it. */
export type ApiKeyRecord = Schemas["ApiKey"];
/** An API key as the keys page lists it: with its owner's name. */
export type ListedApiKey = ApiKeyRecord & { owner_name: string | null };
export type CreatedApiKey = Schemas["CreatedApiKey"];
/** One row of the organization's audit log; `actor_uid` is null only for the operator CLI. */
export type AuditRow = Schemas["AuditLogEntry"];
/** An audit row as the console lists it: with its actor's name, when the actor is still in the team. */
export type ListedAuditRow = AuditRow & { actor_name: string | null };
export type ApprovalPolicy = Schemas["ApprovalPolicy"];
export type ApprovalPolicyUpdateRequest = Schemas["ApprovalPolicyUpdateRequest"];
/** GET /inbox: what waits for the signed-in person's approval, and how many. */
export type Inbox = Schemas["ApproverInbox"];
export type InboxRow = Inbox["rows"][number];
export type UserCreateRequest = Schemas["UserCreateRequest"];
export type UserUpdateRequest = Schemas["UserUpdateRequest"];
/** POST /me/sign_ins: the console reports each sign-in attempt with the person's own key. */
export type SignInRequest = Schemas["SignInRequest"];
