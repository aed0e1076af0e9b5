import "server-only";
import { env, listeningPort } from "@/lib/env";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/console/idempotency-key";
import { checkedStudioBaseUrl } from "@/lib/console/studio-url";
import { CONSOLE_PROOF_HEADER, consoleProof } from "@/lib/secrets/console-proof";
import type {
  ApiKeyRecord,
  ApprovalPolicy,
  ApprovalPolicyUpdateRequest,
  AuditRow,
  Balance,
  ChainStatus,
  ChainSend,
  UnmatchedDeposit,
  CreatedApiKey,
  Dashboard,
  ErrorBody,
  Inbox,
  Invoice,
  LedgerEntry,
  ListData,
  LookupMatch,
  Me,
  Payout,
  PlainList,
  SavedView,
  SavedViewCreateRequest,
  SignInRequest,
  StandalonePaymentIntent,
  StatusLog,
  TeamUser,
  Transfer,
  UserCreateRequest,
  UserUpdateRequest,
  DeletedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointCreateRequest,
  WebhookEndpointRotateRequest,
  WebhookEndpointWithSecret,
  WebhookEventType,
  WebhookSecret,
  InvoiceEmail,
  InvoiceEmails,
} from "@/lib/console/types";
import type { ExportList } from "@/lib/console/list-query";
import type { InvoiceActionName, PayoutActionName, PostedAction, WithdrawalActionName } from "@/lib/workflow/actions";

// The console's one door to the Studio: plain HTTP with the signed-in person's key, so the same
// console works against any spec-conforming Studio (STUDIO_API_URL).

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

// Checked once (https unless loopback): a bad STUDIO_API_URL fails every call, loudly.
let configuredBaseUrl: string | undefined;
export function studioBaseUrl(): string {
  if (env.STUDIO_API_URL === undefined) return checkedStudioBaseUrl(undefined, listeningPort());
  return (configuredBaseUrl ??= checkedStudioBaseUrl(env.STUDIO_API_URL, listeningPort()));
}

/**
 * The OpenAPI document (public, no key), as text: both API reference pages read it, fetched on the
 * console's server so they work whatever origin STUDIO_API_URL names.
 */
export async function fetchOpenApiDocument(): Promise<{ ok: true; text: string } | { ok: false; status: number }> {
  const response = await fetch(`${studioBaseUrl()}/v1/studio/api/openapi.json`, { cache: "no-store" });
  return response.ok ? { ok: true, text: await response.text() } : { ok: false, status: response.status };
}

/** A POST's Idempotency-Key, passed on from the console route (the Studio replays a repeat). */
type Once = { idempotencyKey?: string };
/** `consoleProof`: the call proves it comes from the console's server (POST /me/sign_ins). */
type Call = { method?: string; path: string; query?: URLSearchParams; body?: unknown; clientId?: boolean; consoleProof?: boolean } & Once;

export type StudioClient = ReturnType<typeof studioClient>;

/**
 * `onUnauthorized`: called when the Studio refuses the key itself (401: revoked, or its person
 * disabled), before the error is thrown, so the console can end the session that holds it.
 */
export function studioClient({ apiKey, clientId, onUnauthorized }: { apiKey: string; clientId: string | null; onUnauthorized?: () => Promise<void> }) {
  async function call<T>({ method = "GET", path, query, body, clientId: sendClientId, idempotencyKey, consoleProof: prove }: Call): Promise<T> {
    const headers: Record<string, string> = { "X-STUDIO-API-KEY": apiKey, Accept: "application/json" };
    if (sendClientId && clientId) headers["X-Client-ID"] = clientId;
    if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    if (prove) headers[CONSOLE_PROOF_HEADER] = consoleProof(apiKey, bodyText ?? "null");
    const url = `${studioBaseUrl()}/v1/studio/api${path}${query && query.size ? `?${query}` : ""}`;
    let response: Response;
    try {
      // redirect: "error" - a redirect would carry the key to wherever it points.
      response = await fetch(url, { method, headers, body: bodyText, cache: "no-store", redirect: "error" });
    } catch {
      throw new StudioApiError(502, { code: 50200, message: "The Studio API could not be reached" });
    }
    const parsed = (await response.json().catch(() => null)) as (ErrorBody & Record<string, unknown>) | null;
    if (response.status === 401) await onUnauthorized?.();
    if (!response.ok || !parsed || parsed.code !== 0) {
      throw new StudioApiError(response.ok ? 502 : response.status, {
        code: parsed?.code ?? 50200,
        message: parsed?.message ?? `The Studio API answered ${response.status}`,
        ...(parsed?.errors ? { errors: parsed.errors } : {}),
        ...(parsed?.request_id ? { request_id: parsed.request_id } : {}),
      });
    }
    return parsed as T;
  }
  const id = (value: string) => encodeURIComponent(value);
  const data = <T>(promise: Promise<{ data: T }>) => promise.then((envelope) => envelope.data);

  /** A document endpoint (a PDF, a CSV export): its answer as it came, or the Studio's error envelope thrown. */
  async function document(path: string, query?: URLSearchParams): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${studioBaseUrl()}/v1/studio/api${path}${query && query.size ? `?${query}` : ""}`, { headers: { "X-STUDIO-API-KEY": apiKey }, cache: "no-store", redirect: "error" });
    } catch {
      throw new StudioApiError(502, { code: 50200, message: "The Studio API could not be reached" });
    }
    if (response.status === 401) await onUnauthorized?.();
    if (!response.ok) {
      const parsed = (await response.json().catch(() => null)) as ErrorBody | null;
      throw new StudioApiError(response.status, { code: parsed?.code ?? 50200, message: parsed?.message ?? `The Studio API answered ${response.status}` });
    }
    return response;
  }

  // Invoices and payouts share one endpoint layout (spec 4.1 / 4.2): /<owner>/intents,
  // /<owner>/intent[/{id}[/logs|/<action>]].
  function workflow<Item, Action extends string>(owner: "invoice" | "payout") {
    const one = (recordId: string) => `/${owner}/intent/${id(recordId)}`;
    return {
      list: (query: URLSearchParams) =>
        call<ListData<Item> & { code: 0 }>({ path: `/${owner}/intents`, query }).then(({ data, paging, counts }) => ({
          data,
          paging,
          counts,
        })),
      get: (recordId: string) => data<Item>(call({ path: one(recordId) })),
      logs: (recordId: string) => data<StatusLog[]>(call({ path: `${one(recordId)}/logs` })),
      create: (body: unknown, once: Once = {}) => data<Item>(call({ method: "POST", path: `/${owner}/intent`, body, clientId: true, ...once })),
      update: (recordId: string, body: unknown) => data<Item>(call({ method: "PUT", path: one(recordId), body })),
      action: (recordId: string, action: Action, body: unknown, once: Once = {}) =>
        data<Item>(call({ method: "POST", path: `${one(recordId)}/${action}`, body: body ?? {}, ...once })),
    };
  }

  const list = <T, C extends string = never>(path: string, query: URLSearchParams) =>
    call<ListData<T, C> & { code: 0 }>({ path, query }).then(({ data, paging, counts }) => ({ data, paging, counts }));

  const plainList = <T>(path: string, query: URLSearchParams) =>
    call<PlainList<T> & { code: 0 }>({ path, query }).then(({ data, paging }) => ({ data, paging }));

  return {
    me: () => data<Me>(call({ path: "/me" })),
    /** Records a console sign-in attempt of this key's own person (any valid key may). */
    recordSignIn: (body: SignInRequest) =>
      data<AuditRow>(call({ method: "POST", path: "/me/sign_ins", body, consoleProof: true })),
    // Team management (org:manage).
    users: {
      list: (query: URLSearchParams) => plainList<TeamUser>("/users", query),
      create: (body: UserCreateRequest, once: Once = {}) =>
        data<TeamUser>(call({ method: "POST", path: "/users", body, ...once })),
      update: (uid: string, body: UserUpdateRequest) =>
        data<TeamUser>(call({ method: "PATCH", path: `/users/${id(uid)}`, body })),
    },
    apiKeys: {
      list: (query: URLSearchParams) => plainList<ApiKeyRecord>("/api_keys", query),
      /** A key for the signed-in person: keys are made for oneself only. */
      create: (once: Once = {}) => data<CreatedApiKey>(call({ method: "POST", path: "/api_keys", body: {}, ...once })),
      revoke: (keyId: string, once: Once = {}) => data<ApiKeyRecord>(call({ method: "POST", path: `/api_keys/${id(keyId)}/revoke`, body: {}, ...once })),
    },
    auditLog: (query: URLSearchParams) => plainList<AuditRow>("/audit_log", query),
    // Approval policies (README "Approval policies"): read with transfer:read, set with org:manage.
    inbox: (query?: URLSearchParams) => data<Inbox>(call({ path: query?.size ? `/inbox?${query}` : "/inbox" })),
    approvalPolicies: {
      list: () => data<ApprovalPolicy[]>(call({ path: "/approval_policies" })),
      set: (kind: string, body: ApprovalPolicyUpdateRequest) => data<ApprovalPolicy>(call({ method: "PUT", path: `/approval_policies/${id(kind)}`, body })),
    },
    // Standalone payment intents (README "Payment intents"): read, and refunded with transfer:sign.
    // Their id is `payment_intent_id`; the console names it `id` too, as on invoices and payouts.
    paymentIntents: {
      list: (query: URLSearchParams) =>
        list<Omit<StandalonePaymentIntent, "id">>("/payment/intents", query).then((page) => ({ ...page, data: page.data.map(withId) })),
      get: (intentId: string) => data<Omit<StandalonePaymentIntent, "id">>(call({ path: `/payment/intent/${id(intentId)}` })).then(withId),
      logs: (intentId: string) => data<StatusLog[]>(call({ path: `/payment/intent/${id(intentId)}/logs` })),
      refund: (intentId: string, body: unknown, once: Once = {}) =>
        data<Omit<StandalonePaymentIntent, "id">>(call({ method: "POST", path: `/payment/intent/${id(intentId)}/refund`, body: body ?? {}, ...once })).then(withId),
    },
    balances: () => data<Balance[]>(call({ path: "/balances" })),
    dashboard: (query: URLSearchParams) => data<Dashboard>(call({ path: "/dashboard", query })),
    savedViews: {
      list: (list: string) => data<SavedView[]>(call({ path: "/saved_views", query: new URLSearchParams({ list }) })),
      create: (body: SavedViewCreateRequest, once: Once = {}) => data<SavedView>(call({ method: "POST", path: "/saved_views", body, ...once })),
      remove: (viewId: string) => data<SavedView>(call({ method: "DELETE", path: `/saved_views/${id(viewId)}` })),
    },
    lookup: (text: string) => data<LookupMatch[]>(call({ path: "/lookup", query: new URLSearchParams({ q: text }) })),
    chains: () => data<ChainStatus[]>(call({ path: "/chains" })),
    unmatchedDeposits: () => data<UnmatchedDeposit[]>(call({ path: "/chains/unmatched-deposits" })),
    // A send the tracker held for review (README "Money out"): resolved with org:manage.
    resolveChainSend: (sendId: string, body: unknown, once: Once = {}) =>
      data<ChainSend>(call({ method: "POST", path: `/chain_sends/${id(sendId)}/resolve`, body, ...once })),
    ledger: (query: URLSearchParams) => list<LedgerEntry, string>("/balances/ledger", query),
    withdraw: (body: unknown, once: Once = {}) => data<Transfer>(call({ method: "POST", path: "/asset_pro/transfer", body, ...once })),
    // Withdrawal requests its approval policy holds (README "Approval policies"): decided with transfer:approve.
    withdrawals: {
      list: (query: URLSearchParams) => plainList<Transfer>("/asset_pro/transfers", query),
      action: (transferId: string, action: PostedAction<WithdrawalActionName>, body: unknown, once: Once = {}) =>
        data<Transfer>(call({ method: "POST", path: `/asset_pro/transfer/${id(transferId)}/${action}`, body: body ?? {}, ...once })),
    },
    invoices: {
      ...workflow<Invoice, PostedAction<InvoiceActionName>>("invoice"),
      pdf: (invoiceId: string) => document(`/invoice/intent/${id(invoiceId)}/pdf`),
      // The invoice's e-mails (README "E-mail"): read with transfer:read, resent with transfer:approve.
      emails: (invoiceId: string) => data<InvoiceEmails>(call({ path: `/invoice/intent/${id(invoiceId)}/emails` })),
      resendEmail: (invoiceId: string, emailId: string, once: Once = {}) =>
        data<InvoiceEmail>(call({ method: "POST", path: `/invoice/intent/${id(invoiceId)}/emails/${id(emailId)}/resend`, ...once })),
    },
    payouts: workflow<Payout, PostedAction<PayoutActionName>>("payout"),
    // Webhook deliveries (README "Webhooks"): read with transfer:read; resend and the signing
    // secret need transfer:sign. The secret is fetched only when an admin asks to see it.
    // Endpoints need org:manage.
    webhooks: {
      deliveries: (query: URLSearchParams) => list<WebhookDelivery, WebhookDeliveryStatus>("/webhook/deliveries", query),
      resend: (deliveryId: string, once: Once = {}) =>
        data<WebhookDelivery>(call({ method: "POST", path: `/webhook/deliveries/${id(deliveryId)}/resend`, ...once })),
      secret: () => data<WebhookSecret>(call({ path: "/webhook/secret" })),
      eventTypes: () => data<WebhookEventType[]>(call({ path: "/webhook/event_types" })),
      // Organization-wide endpoints (org:manage): a secret is in the create and rotate answers only.
      endpoints: {
        list: (query: URLSearchParams) => plainList<WebhookEndpoint>("/webhook/endpoints", query),
        create: (body: WebhookEndpointCreateRequest, once: Once = {}) =>
          data<WebhookEndpointWithSecret>(call({ method: "POST", path: "/webhook/endpoints", body, ...once })),
        rotateSecret: (endpointId: string, body: WebhookEndpointRotateRequest, once: Once = {}) =>
          data<WebhookEndpointWithSecret>(call({ method: "POST", path: `/webhook/endpoints/${id(endpointId)}/rotate_secret`, body, ...once })),
        remove: (endpointId: string) => data<DeletedWebhookEndpoint>(call({ method: "DELETE", path: `/webhook/endpoints/${id(endpointId)}` })),
      },
    },
    /** A list's CSV export (README "CSV exports") under the list's filters and sort, as a stream. */
    exportCsv: (list: ExportList, query: URLSearchParams) => document(`${EXPORT_PATHS[list]}/export`, query),
    sandboxPayPaymentIntent: (paymentIntentId: string, body: { amount: string; payer_address?: string }, once: Once = {}) =>
      data<unknown>(call({ method: "POST", path: `/sandbox/payment_intent/${id(paymentIntentId)}/pay`, body, ...once })),
  };
}


// The lists the console exports, by the name its export route takes, and their Studio list paths.
const EXPORT_PATHS = {
  invoices: "/invoice/intents",
  payouts: "/payout/intents",
  "payment-intents": "/payment/intents",
  ledger: "/balances/ledger",
  "audit-log": "/audit_log",
  "webhook-deliveries": "/webhook/deliveries",
} as const satisfies Record<ExportList, string>;
export const isExportList = (name: string): name is ExportList => Object.hasOwn(EXPORT_PATHS, name);

function withId(intent: Omit<StandalonePaymentIntent, "id">): StandalonePaymentIntent {
  return { ...intent, id: intent.payment_intent_id };
}

