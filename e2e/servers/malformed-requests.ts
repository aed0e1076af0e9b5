// The malformed-input sweep's requests (issue 11 §5): every Studio API endpoint, and fast-check
// arbitraries that break its body, query, headers, path or method. Each generated request is
// refused for what it is, whatever else the server does: a body the endpoint's own schema
// refuses (checked here with the service's schemas), a key without the permission, an id no
// record has, a method the path does not serve. So none of them may write anything.
import fc from "fast-check";
import type { z } from "zod";
import { cancelSchema, invoiceCreateSchema, invoiceListQuerySchema, invoiceUpdateSchema, signSchema } from "@/lib/studio/invoices/schemas";
import { payoutCreateSchema, payoutListQuerySchema, payoutUpdateSchema } from "@/lib/studio/payouts/schemas";
import { refundSchema, rejectSchema } from "@/lib/studio/workflow/schemas";
import { sandboxPaySchema, sandboxTransferSchema } from "@/lib/studio/sandbox/schemas";
import { paymentIntentCreateSchema, paymentIntentListQuerySchema } from "@/lib/studio/standalone-payments/schemas";
import { ledgerQuerySchema } from "@/lib/studio/balances/schemas";
import { dashboardQuerySchema } from "@/lib/studio/dashboard/schemas";
import { withdrawalSchema } from "@/lib/studio/withdrawals/schemas";
import { pagingQuerySchema } from "@/lib/studio/core/paging";
import { deliveriesQuerySchema } from "@/lib/studio/webhooks/deliveries";
import { webhookEndpointCreateSchema, webhookEndpointRotateSchema } from "@/lib/studio/webhooks/organization-endpoints";
import { apiKeyCreateSchema, apiKeyListQuerySchema, signInSchema, userCreateSchema, userUpdateSchema } from "@/lib/studio/orgs/team-schemas";
import { auditLogQuerySchema } from "@/lib/studio/audit/audit-log";
import { approvalPolicyUpdateSchema } from "@/lib/studio/approvals/schemas";
import { lookupQuerySchema } from "@/lib/studio/lookup/schemas";
import { savedViewCreateSchema, savedViewsQuerySchema } from "@/lib/studio/saved-views/schemas";
import { EXPORT_LISTS, exportPath, type ExportName } from "@/lib/studio/export/declarations";
import { resolveSendSchema } from "@/lib/studio/chain/send-review-schemas";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
export type Role = "admin" | "finance" | "approver" | "viewer";
// payment_intent: any payment intent (the sandbox pays nested and standalone ones alike);
// standalone: a standalone payment intent (the /payment/intent paths); transfer: a withdrawal;
// event: a webhook event (a delivery); user and api_key: a person and a key of the organization;
// approval_kind: a record kind an approval policy governs; webhook_endpoint: an organization's webhook endpoint;
// saved_view: a view the viewer saved; chain_send: a chain send (the sandbox holds none for
// review and the API names no other, so a well-formed id the organization lacks: a 404 once valid).
type IdKind = "invoice" | "payout" | "payment_intent" | "standalone" | "transfer" | "event" | "user" | "api_key" | "approval_kind" | "webhook_endpoint" | "saved_view" | "chain_send";
type Permission = "transfer:create" | "transfer:approve" | "transfer:sign" | "transfer:read" | "org:manage" | null;

/** What the sweep needs of the server it runs against: keys, client ids and the records it made. */
export type Fixture = {
  keys: Record<Role, string>;
  otherOrgAdminKey: string;
  clientId: string;
  otherClientId: string;
  ids: Record<IdKind, string[]>;
  paymentAddresses: string[];
};

export type Endpoint = {
  method: Method;
  /** Under /v1/studio/api; `{id}` is replaced by a record's id. */
  path: string;
  ids?: IdKind;
  permission: Permission;
  body?: { schema: z.ZodType; optional?: boolean; valid: (fixture: Fixture) => Record<string, unknown> };
  query?: z.ZodObject;
  createsWithClientId?: boolean;
  /**
   * Approve reads no body, so nothing in one can refuse it: the sweep approves with the key of
   * the records' creator (maker-checker, 403) or a record approve does not apply to (409).
   */
  refusedByMakerChecker?: boolean;
  /** A CSV export: its success is a `text/csv` file rather than the JSON envelope. */
  csv?: boolean;
};

const EVM_ADDRESS = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";
const ARB_USDC = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";

export const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: "/me", permission: null },
  {
    method: "POST",
    path: "/invoice/intent",
    permission: "transfer:create",
    createsWithClientId: true,
    body: {
      schema: invoiceCreateSchema,
      valid: () => ({
        pricing_mode: "crypto",
        amount: "10",
        pay_token: "USDC",
        chain: "arb",
        origin: "https://shop.example.test",
        recipient_name: "Sweep",
        recipient_email: "sweep@example.test",
        organization_name: "Sweep Org",
        organization_email: "billing@example.test",
        creator: "sweep",
        payment_terms: 7,
        invoice_issue_date: "2026-03-01",
        payout_addresses: { evm: EVM_ADDRESS },
        order_data: { order: { lines: [{ sku: "A-1" }] } },
        detail_items: [{ name: "Item", quantity: 1, unit_price: 10 }],
      }),
    },
  },
  { method: "GET", path: "/invoice/intents", permission: "transfer:read", query: invoiceListQuerySchema },
  { method: "GET", path: "/invoice/intent/{id}", ids: "invoice", permission: "transfer:read" },
  {
    method: "PUT",
    path: "/invoice/intent/{id}",
    ids: "invoice",
    permission: "transfer:create",
    body: { schema: invoiceUpdateSchema, valid: () => ({ description: "edited", payment_terms: 3, detail_items: [{ name: "Item", quantity: 2, unit_price: 5 }] }) },
  },
  { method: "POST", path: "/invoice/intent/{id}/approve", ids: "invoice", permission: "transfer:approve", refusedByMakerChecker: true },
  { method: "POST", path: "/invoice/intent/{id}/reject", ids: "invoice", permission: "transfer:approve", body: { schema: rejectSchema, valid: () => ({ reason: "no" }) } },
  {
    method: "POST",
    path: "/invoice/intent/{id}/cancel",
    ids: "invoice",
    permission: "transfer:create",
    body: { schema: cancelSchema, optional: true, valid: () => ({ reason: "no" }) },
  },
  {
    method: "POST",
    path: "/invoice/intent/{id}/sign",
    ids: "invoice",
    permission: "transfer:sign",
    body: { schema: signSchema, optional: true, valid: () => ({ refund_address: EVM_ADDRESS, refund_reason: "excess", refund_attachments: ["file_1"] }) },
  },
  {
    method: "POST",
    path: "/invoice/intent/{id}/refund",
    ids: "invoice",
    permission: "transfer:sign",
    body: { schema: refundSchema, valid: () => ({ refund_address: EVM_ADDRESS, refund_reason: "returned", refund_attachments: [] }) },
  },
  { method: "GET", path: "/invoice/intent/{id}/logs", ids: "invoice", permission: "transfer:read" },
  { method: "GET", path: "/invoice/intent/{id}/pdf", ids: "invoice", permission: "transfer:read" },
  { method: "GET", path: "/invoice/intent/{id}/emails", ids: "invoice", permission: "transfer:read" },
  // The e-mail id stays as written: no e-mail has it, so a request the rest admits finds nothing (404),
  // or is refused first because the sweep's server sends no e-mail (422).
  { method: "POST", path: "/invoice/intent/{id}/emails/[email_id]/resend", ids: "invoice", permission: "transfer:approve" },
  {
    method: "POST",
    path: "/payout/intent",
    permission: "transfer:create",
    createsWithClientId: true,
    body: {
      schema: payoutCreateSchema,
      valid: () => ({
        pricing_mode: "crypto",
        amount: "100",
        exact_out_amount: "98.5",
        pay_token: "USDC",
        chain: "arb",
        origin: "https://shop.example.test",
        payout_target_address: EVM_ADDRESS,
        recipient_name: "Sweep",
        recipient_email: "sweep@example.test",
        organization_name: "Sweep Org",
        organization_email: "ap@example.test",
        creator: "sweep",
        recipient_org_id: 7,
      }),
    },
  },
  { method: "GET", path: "/payout/intents", permission: "transfer:read", query: payoutListQuerySchema },
  { method: "GET", path: "/payout/intent/{id}", ids: "payout", permission: "transfer:read" },
  {
    method: "PUT",
    path: "/payout/intent/{id}",
    ids: "payout",
    permission: "transfer:create",
    body: { schema: payoutUpdateSchema, valid: () => ({ description: "edited", exact_out_amount: "97", recipient_type: "individual" }) },
  },
  { method: "POST", path: "/payout/intent/{id}/approve", ids: "payout", permission: "transfer:approve", refusedByMakerChecker: true },
  { method: "POST", path: "/payout/intent/{id}/reject", ids: "payout", permission: "transfer:approve", body: { schema: rejectSchema, valid: () => ({ reason: "no" }) } },
  {
    method: "POST",
    path: "/payout/intent/{id}/refund",
    ids: "payout",
    permission: "transfer:sign",
    body: { schema: refundSchema, valid: () => ({ refund_address: EVM_ADDRESS, refund_reason: "returned", refund_attachments: [] }) },
  },
  { method: "GET", path: "/payout/intent/{id}/logs", ids: "payout", permission: "transfer:read" },
  {
    method: "POST",
    path: "/sandbox/pay",
    permission: "transfer:sign",
    body: { schema: sandboxPaySchema, valid: (fixture) => ({ payment_address: fixture.paymentAddresses[0], amount: "1", payer_address: EVM_ADDRESS }) },
  },
  {
    method: "POST",
    path: "/sandbox/payment_intent/{id}/pay",
    ids: "payment_intent",
    permission: "transfer:sign",
    body: { schema: sandboxTransferSchema, valid: () => ({ amount: "1", timestamp: 1_900_000_000 }) },
  },
  {
    method: "POST",
    path: "/payment/intent",
    permission: "transfer:create",
    createsWithClientId: true,
    body: { schema: paymentIntentCreateSchema, valid: () => ({ crypto_amount: "10", pay_token: "USDC", chain: "arb", order_data: { order: "A-1" } }) },
  },
  { method: "GET", path: "/payment/intents", permission: "transfer:read", query: paymentIntentListQuerySchema },
  { method: "GET", path: "/payment/intent/{id}", ids: "standalone", permission: "transfer:read" },
  {
    method: "POST",
    path: "/payment/intent/{id}/refund",
    ids: "standalone",
    permission: "transfer:sign",
    body: { schema: refundSchema, valid: () => ({ refund_address: EVM_ADDRESS, refund_reason: "returned", refund_attachments: [] }) },
  },
  { method: "GET", path: "/payment/intent/{id}/logs", ids: "standalone", permission: "transfer:read" },
  { method: "GET", path: "/balances", permission: "transfer:read" },
  { method: "GET", path: "/chains", permission: "transfer:read" },
  { method: "GET", path: "/chains/unmatched-deposits", permission: "transfer:read" },
  { method: "GET", path: "/balances/ledger", permission: "transfer:read", query: ledgerQuerySchema },
  { method: "GET", path: "/dashboard", permission: "transfer:read", query: dashboardQuerySchema },
  {
    method: "POST",
    path: "/asset_pro/transfer",
    permission: "transfer:sign",
    body: { schema: withdrawalSchema, valid: () => ({ chain_id: "arb", contract_address: ARB_USDC, amount: "0.01", wallet_address: EVM_ADDRESS }) },
  },
  { method: "GET", path: "/asset_pro/transfer/{id}", ids: "transfer", permission: "transfer:read" },
  { method: "GET", path: "/asset_pro/transfers", permission: "transfer:read", query: pagingQuerySchema },
  { method: "GET", path: "/webhook/deliveries", permission: "transfer:read", query: deliveriesQuerySchema },
  // Resend takes no body: only a refusing header, a bad id or a wrong method reaches it.
  { method: "POST", path: "/webhook/deliveries/{id}/resend", ids: "event", permission: "transfer:sign" },
  // Team management (issue 13): only org:manage, the admin's, reaches these.
  { method: "GET", path: "/users", permission: "org:manage", query: pagingQuerySchema },
  {
    method: "POST",
    path: "/users",
    permission: "org:manage",
    body: { schema: userCreateSchema, valid: () => ({ name: "Sweep Person", email: "sweep-person@example.test", permissions: ["transfer:read"] }) },
  },
  { method: "PATCH", path: "/users/{id}", ids: "user", permission: "org:manage", body: { schema: userUpdateSchema, valid: () => ({ disabled: true }) } },
  { method: "GET", path: "/api_keys", permission: "org:manage", query: apiKeyListQuerySchema },
  // Any key makes keys of its own; a valid body naming someone else is refused (403) and makes none.
  { method: "POST", path: "/api_keys", permission: null, body: { schema: apiKeyCreateSchema, optional: true, valid: (fixture) => ({ uid: fixture.ids.user[0] }) } },
  // Revoke takes no body: only a refusing header, a bad id or a wrong method reaches it.
  { method: "POST", path: "/api_keys/{id}/revoke", ids: "api_key", permission: "org:manage" },
  { method: "GET", path: "/audit_log", permission: "org:manage", query: auditLogQuerySchema },
  // The CSV exports: each list's query without its paging.
  ...(Object.keys(EXPORT_LISTS) as ExportName[]).map(
    (name): Endpoint => ({ method: "GET", path: exportPath(name), permission: EXPORT_LISTS[name].permission, query: EXPORT_LISTS[name].query, csv: true }),
  ),
  { method: "POST", path: "/me/sign_ins", permission: null, body: { schema: signInSchema, valid: () => ({ outcome: "failed" }) } },
  { method: "GET", path: "/webhook/secret", permission: "transfer:sign" },
  // Webhook endpoints (issue 26).
  { method: "GET", path: "/webhook/event_types", permission: null },
  { method: "GET", path: "/webhook/endpoints", permission: "org:manage", query: pagingQuerySchema },
  {
    method: "POST",
    path: "/webhook/endpoints",
    permission: "org:manage",
    body: { schema: webhookEndpointCreateSchema, valid: () => ({ url: "https://hooks.example.test/sweep", description: "Sweep", event_types: ["invoice.*", "payout.approved"] }) },
  },
  {
    method: "POST",
    path: "/webhook/endpoints/{id}/rotate_secret",
    ids: "webhook_endpoint",
    permission: "org:manage",
    body: { schema: webhookEndpointRotateSchema, optional: true, valid: () => ({ expire_old_after_seconds: 60 }) },
  },
  { method: "DELETE", path: "/webhook/endpoints/{id}", ids: "webhook_endpoint", permission: "org:manage" },
  // Approval policies and approvals (issue 25).
  { method: "GET", path: "/approval_policies", permission: "transfer:read" },
  {
    method: "PUT",
    path: "/approval_policies/{id}",
    ids: "approval_kind",
    permission: "org:manage",
    body: { schema: approvalPolicyUpdateSchema, valid: () => ({ tiers: [{ from_usd: "0", approvers: 1, org_manage: false }] }) },
  },
  { method: "GET", path: "/invoice/intent/{id}/approvals", ids: "invoice", permission: "transfer:read" },
  { method: "GET", path: "/payout/intent/{id}/approvals", ids: "payout", permission: "transfer:read" },
  { method: "GET", path: "/inbox", permission: "transfer:approve" },
  // Withdrawal requests (issue 25): the sweep's withdrawal went out at once, so a valid request is 409.
  { method: "POST", path: "/asset_pro/transfer/{id}/approve", ids: "transfer", permission: "transfer:approve" },
  { method: "POST", path: "/asset_pro/transfer/{id}/reject", ids: "transfer", permission: "transfer:approve", body: { schema: rejectSchema, valid: () => ({ reason: "no" }) } },
  { method: "GET", path: "/asset_pro/transfer/{id}/approvals", ids: "transfer", permission: "transfer:read" },
  // The console's palette and saved views (issue 27).
  { method: "GET", path: "/lookup", permission: "transfer:read", query: lookupQuerySchema },
  { method: "GET", path: "/saved_views", permission: "transfer:read", query: savedViewsQuerySchema },
  {
    method: "POST",
    path: "/saved_views",
    permission: "transfer:read",
    // A new name each time: past 50 views of the list the valid body is 422, which the sweep allows.
    body: { schema: savedViewCreateSchema, valid: () => ({ list: "invoices", name: `Sweep ${Math.random().toString(36).slice(2)}`, query: "status=approved&sort=-amount" }) },
  },
  { method: "DELETE", path: "/saved_views/{id}", ids: "saved_view", permission: "transfer:read" },
  {
    method: "POST",
    path: "/chain_sends/{id}/resolve",
    ids: "chain_send",
    permission: "org:manage",
    body: { schema: resolveSendSchema, valid: () => ({ outcome: "failed" }) },
  },
];

// ---- JSON as text: what JSON.stringify cannot write (1e309, -0, duplicate keys, huge strings) ----

/** JSON text used as it is. */
export class Raw {
  constructor(readonly text: string) {}
}
/** A long string, expanded only when the request is sent. */
export class Huge {
  constructor(
    readonly unit: string,
    readonly count: number,
  ) {}
}
/** An object as written: its keys in order, duplicates and `__proto__` included. */
export class Entries {
  constructor(readonly entries: Array<[string, unknown]>) {}
}

export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Huge) return JSON.stringify(value.unit.repeat(value.count));
  if (value instanceof Entries) return `{${value.entries.map(([key, child]) => `${JSON.stringify(key)}:${jsonText(child)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") return jsonText(new Entries(Object.entries(value)));
  return JSON.stringify(value) ?? "null";
}

// ---- Values that break a field ----

const EDGE_STRINGS = [
  "", " ", "\u0000", "a\u0000b", "\uD800", "x\uDC00y", "\uDBFF", "\u202Egnp.exe", "\u200B", "\u200F\u05D0\u05D1", "\u061C", "\uFEFF",
  "🙂", "👩🏽‍💻", "e\u0301", "𝕳", "Ω≈ç√", "<script>alert(1)</script>", "' OR 1=1 --", "${7*7}", "%00", "\\u0000", "0", "-0", "-1",
  "1e3", "0x10", "NaN", "Infinity", "1.", ".5", "１２３", "٣", "true", "null", "2026-02-30", "2026-13-01T00:00:00Z",
  "9999-12-31T23:59:59Z", "+275760-09-13T00:00:00Z", "2026-03-01T10:00:00", "usdc", "USDC\u0000", "arb ", "javascript:alert(1)",
  "http://", "a@b", "@", "inv_0000", "\r\n", "\t",
];
const RAW_NUMBERS = [
  "1e309", "-1e309", "-0", "0e0", "1e-400", "123456789012345678901234567890", "-123456789012345678901234567890.5", "9007199254740993",
  "0.1", "1E2", "1e21", "5e-324", "2147483648", "-2147483649", "4294967296", "1.7976931348623157e308", "0.0000000000000000001",
];

const hugeString = fc
  .tuple(fc.constantFrom("x", "🙂", "\u200B", "é", "\uD800"), fc.integer({ min: 201, max: 60_000 }))
  .map(([unit, count]) => new Huge(unit, count));

const smallJson = fc.jsonValue({ maxDepth: 2 });

/** Nesting far deeper than any field allows, written as text. */
const deepNesting = fc
  .tuple(fc.constantFrom(["[", "]"], ['{"a":', "}"]), fc.integer({ min: 33, max: 5_000 }))
  .map(([[open, close], depth]) => new Raw(`${open!.repeat(depth)}1${close!.repeat(depth)}`));

export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new Raw(text)),
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  hugeString,
  fc.array(smallJson, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), smallJson, { maxKeys: 4 }),
  fc.integer({ min: 501, max: 20_000 }).map((length) => new Raw(`[${Array(length).fill("1").join(",")}]`)),
  deepNesting,
);

// ---- Bodies ----

export type Body = { text: string; contentType: string | null } | { bytes: Uint8Array<ArrayBuffer>; contentType: string };
export type BodyPlan = { build: () => Body; oversized?: true };

/** Built once, when first asked for (the filter asks, then the sender). */
function memo(build: () => Body): () => Body {
  let built: Body | undefined;
  return () => (built ??= build());
}

type Path = Array<string | number>;

/** Every field of a template, nested ones included (detail_items.0.quantity). */
function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [prefix];
  const children = Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...prefix, Array.isArray(value) ? Number(key) : key]));
  return prefix.length ? [prefix, ...children] : children;
}

type Change = { path: Path } & ({ remove: true } | { value: unknown });

/** The template with each change made in turn; one whose field an earlier change took away is skipped. */
function withChanges(template: Record<string, unknown>, changes: Change[]): Record<string, unknown> {
  const copy = structuredClone(template);
  for (const change of changes) {
    let node: unknown = copy;
    for (const key of change.path.slice(0, -1)) node = node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined;
    if (node === null || typeof node !== "object" || node instanceof Raw || node instanceof Huge) continue;
    const last = change.path[change.path.length - 1]!;
    if (!("remove" in change)) (node as Record<string | number, unknown>)[last] = change.value;
    else if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete (node as Record<string | number, unknown>)[last];
  }
  return copy;
}

const JSON_TYPE = "application/json";
const contentTypes = fc.constantFrom(JSON_TYPE, "application/json; charset=utf-8", "APPLICATION/JSON");
const wrongContentTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonp",
  "application/json-patch+json",
  "json",
  "",
);

/** A body the endpoint refuses, as JSON text, bytes or the wrong media type. */
export function bodyArbitrary(endpoint: Endpoint, fixture: Fixture): fc.Arbitrary<BodyPlan> {
  const template = endpoint.body?.valid(fixture) ?? { anything: true };
  const paths = leafPaths(template);
  const changed = fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: fc.record({ path: fc.constantFrom(...paths), value: badValue }) },
        { weight: 1, arbitrary: fc.record({ path: fc.constantFrom(...paths), remove: fc.constant(true as const) }) },
      ),
      { minLength: 1, maxLength: 3 },
    )
    .chain((changes) =>
      fc.record({
        changes: fc.constant(changes),
        // Duplicate keys, `__proto__` and unknown keys go at the top, where the object is written by hand.
        extra: fc.array(fc.tuple(fc.constantFrom(...Object.keys(template), "__proto__", "constructor", "client_id", "status", "id"), badValue), {
          maxLength: 2,
        }),
        contentType: contentTypes,
      }),
    )
    .map(({ changes, extra, contentType }) => ({
      build: memo((): Body => ({ text: jsonText(new Entries([...Object.entries(withChanges(template, changes)), ...extra])), contentType })),
    }));
  const text = (build: () => string, contentType: fc.Arbitrary<string | null> = contentTypes) =>
    contentType.map((type) => ({ build: memo((): Body => ({ text: build(), contentType: type })) }));
  const valid = jsonText(template);
  return fc.oneof(
    { weight: 12, arbitrary: changed },
    // Not an object at all.
    { weight: 1, arbitrary: fc.constantFrom("[]", '"text"', "42", "null", "true", "-0", "1e309", "[{}]", '""').chain((raw) => text(() => raw)) },
    // Not JSON: cut short, commented, single-quoted, a BOM, NaN.
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((at) => valid.slice(0, at)),
          fc.constantFrom(`${valid},`, `\uFEFF${valid}`, `/* c */${valid}`, valid.replaceAll('"', "'"), '{"reason": NaN}', "{,}", "{'a':1}", "{", "}"),
        )
        .chain((raw) => text(() => raw)),
    },
    // Valid JSON sent as another media type.
    { weight: 1, arbitrary: text(() => valid, wrongContentTypes) },
    // The body's JSON text nested deeper than allowed, or over 1 MiB.
    { weight: 1, arbitrary: deepNesting.chain((nested) => text(() => jsonText(new Entries([...Object.entries(template), ["order_data", nested]])))) },
    // Just over the cap: refused by size before the body is read, so it is built only to be sent.
    { weight: 1, arbitrary: fc.constant({ oversized: true as const, build: (): Body => ({ text: jsonText({ ...template, description: new Huge("x", MAX_BODY_BYTES) }), contentType: JSON_TYPE }) }) },
    // Bytes that are not UTF-8 inside a string value.
    {
      weight: 1,
      arbitrary: fc.constantFrom([0xff], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xfe, 0xff], [0x00]).map((bytes) => ({
        build: memo((): Body => {
          const [head, tail] = valid.split(/"(?=[^"]*"\s*[,}])/, 2) as [string, string?];
          const pieces = [Buffer.from(`${head}"`), Buffer.from(bytes), Buffer.from(tail ?? "")];
          return { bytes: new Uint8Array(Buffer.concat(pieces)), contentType: JSON_TYPE };
        }),
      })),
    },
  );
}

// ---- Is the body refused? The route wrapper's own reading, with the service's schemas ----

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_JSON_DEPTH = 32;

/** Whether the endpoint refuses this body whatever the record's state: if not, the sweep must not send it. */
export function bodyIsRefused(endpoint: Endpoint, plan: BodyPlan, fixture: Fixture): boolean {
  if (endpoint.refusedByMakerChecker) return true;
  if (!endpoint.body) return false;
  if (plan.oversized) return true;
  const body = plan.build();
  const bytes = "bytes" in body ? Buffer.from(body.bytes) : Buffer.from(body.text);
  if (bytes.byteLength > MAX_BODY_BYTES) return true;
  const text = bytes.toString("utf8");
  if (text.trim() === "") return !endpoint.body.optional;
  if (!/^application\/json(\s*;|$)/i.test(body.contentType ?? "")) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return true;
  if (hasNulOrDeepNesting(parsed)) return true;
  const clientId = (parsed as { client_id?: unknown }).client_id;
  if (endpoint.createsWithClientId && clientId !== undefined && clientId !== fixture.clientId) return true;
  return !endpoint.body.schema.safeParse(parsed).success;
}

function hasNulOrDeepNesting(body: object): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value === "string") {
      if (next.value.includes("\u0000")) return true;
      continue;
    }
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth >= MAX_JSON_DEPTH) return true;
    for (const [key, child] of Object.entries(next.value)) {
      if (key.includes("\u0000")) return true;
      stack.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}

// ---- Paths, queries and headers ----

/** Percent-encodes every code unit as UTF-8, a lone surrogate as the bytes it would have (ED A0 80). */
export function percentEncode(text: string): string {
  let out = "";
  for (const char of text) {
    if (/^[A-Za-z0-9_~-]$/.test(char)) {
      out += char;
      continue;
    }
    const code = char.codePointAt(0)!;
    const bytes =
      code < 0x80
        ? [code]
        : code < 0x800
          ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
          : code < 0x10000
            ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            : [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)];
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return out;
}

const RAW_BAD_IDS = [
  "%ED%A0%80", "%ED%BF%BF", "%FF", "%C0%AF", "%", "%G1", "%0", "%00", "inv_%00", "%2F", "%5C", "%F4%90%80%80", "%E2%80%AE", "%EF%BB%BF",
  "%25", "%2525", "%20", "+", "null", "undefined", "0", "-1", "%7B%7D", "inv_x%3Bdrop",
];

/** An id no record has, as it appears in the path. Never a dot segment, which the URL would resolve away. */
function badIdArbitrary(fixture: Fixture, kind: IdKind): fc.Arbitrary<string> {
  // Ids of other kinds that are not also ids of this kind (a standalone intent is a payment intent).
  const otherKind = (Object.keys(fixture.ids) as IdKind[])
    .filter((other) => other !== kind)
    .flatMap((other) => fixture.ids[other])
    .filter((id) => !fixture.ids[kind].includes(id));
  return fc
    .oneof(
      fc.constantFrom(...RAW_BAD_IDS),
      fc.string({ unit: "binary", minLength: 1, maxLength: 40 }).map(percentEncode),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).map(percentEncode),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/),
      fc.integer({ min: 101, max: 4_000 }).map((length) => `inv_${"a".repeat(length)}`),
      // A real id in another owner's path.
      fc.constantFrom(...otherKind),
    )
    .filter((id) => !/^(\.|%2e){1,2}$/i.test(id));
}

const QUERY_VALUES = [
  "", "0", "-1", "1.5", "1e3", "0x10", " 1", "1 ", "99999999999999999999999", "10001", "501", "101", "100", "NaN", "Infinity",
  "%00", "%ED%A0%80", "%FF", "%", "%%", "+", "a+b", "%2B", "true", "[]", "{}", "approved", "APPROVED", "completed", "crypto",
  "2026-03-01", "2026-03-01T10:00:00", "2026-02-30", "not-a-date", "9999-12-31T23:59:59Z", "' OR 1=1 --", "%25", "\\",
];

function queryArbitrary(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = Object.keys(endpoint.query?.shape ?? {});
  const name = fc.oneof(
    { weight: 4, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant("page") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }).map(percentEncode) },
  );
  const value = fc.oneof(
    fc.constantFrom(...QUERY_VALUES),
    fc.string({ unit: "binary", maxLength: 40 }).map(percentEncode),
    fc.string({ unit: "grapheme", maxLength: 40 }).map(percentEncode),
    fc.integer().map(String),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.integer({ min: 201, max: 3_000 }).map((length) => "x".repeat(length)),
  );
  // Repeated names are generated as often as not: `page=1&page=x`.
  return fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 6 }).map((pairs) => pairs.map(([key, val]) => `${key}=${val}`).join("&"));
}

/** Header text undici will send: Latin-1 without control characters other than tab, no outer spaces. */
const headerText = (maxLength: number) =>
  fc
    .string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f).map((code) => String.fromCharCode(code)), maxLength })
    .map((text) => text.trim());

/** Headers that refuse the request by themselves: no usable key, a key without the permission, a bad X-Client-ID or Idempotency-Key. */
function refusingHeadersArbitrary(endpoint: Endpoint, fixture: Fixture): fc.Arbitrary<Record<string, string | null>> {
  const admin = fixture.keys.admin;
  const badKey = fc.oneof(
    fc.constant(null),
    fc.constant(""),
    headerText(64),
    fc.integer({ min: 256, max: 8_000 }).map((length) => "k".repeat(length)),
    fc.constantFrom(admin.slice(0, -1), `${admin}x`, admin.toUpperCase(), `${admin.slice(0, -1)}${admin.endsWith("a") ? "b" : "a"}`, `Bearer ${admin}`),
  );
  const choices: Array<fc.Arbitrary<Record<string, string | null>>> = [badKey.map((key) => ({ "x-studio-api-key": key }))];
  const lacking = (["finance", "approver", "viewer"] as const).filter((role) => endpoint.permission && !rolePermissions[role].includes(endpoint.permission));
  if (lacking.length) choices.push(fc.constantFrom(...lacking).map((role) => ({ "x-studio-api-key": fixture.keys[role] })));
  if (endpoint.createsWithClientId) {
    choices.push(fc.oneof(fc.constant(null), fc.constant(""), headerText(300), fc.constant(fixture.otherClientId)).map((clientId) => ({ "x-client-id": clientId })));
  }
  if (endpoint.method === "POST") {
    choices.push(fc.oneof(fc.constant(""), fc.integer({ min: 256, max: 4_000 }).map((length) => "i".repeat(length))).map((key) => ({ "idempotency-key": key })));
  }
  // Another organization's key: its records are not these (404), its client id is not this one.
  // (A record kind is every organization's: another organization's admin sets its own policy.)
  if ((endpoint.ids && endpoint.ids !== "approval_kind") || endpoint.createsWithClientId) choices.push(fc.constant({ "x-studio-api-key": fixture.otherOrgAdminKey }));
  return fc.oneof(...choices);
}

const rolePermissions: Record<Role, Permission[]> = {
  finance: ["transfer:read", "transfer:create"],
  approver: ["transfer:read", "transfer:approve"],
  admin: ["transfer:create", "transfer:approve", "transfer:sign", "transfer:read", "org:manage"],
  viewer: ["transfer:read"],
};

/** Headers that refuse nothing by themselves: odd request ids and well-sized but odd idempotency keys. */
const noiseHeaders = fc.record(
  {
    "x-request-id": fc.oneof(fc.stringMatching(/^[\w.:-]{8,64}$/), headerText(100), fc.integer({ min: 65, max: 4_000 }).map((length) => "r".repeat(length))),
    "idempotency-key": fc.oneof(headerText(255).filter((key) => key.length > 0), fc.constant("a\tb"), fc.constant("ÿ".repeat(255))),
  },
  { requiredKeys: [] },
);

// ---- Requests ----

export type Kind = "body" | "query" | "headers" | "path" | "method";

export type PlannedRequest = {
  kind: Kind;
  endpoint: Endpoint;
  method: Method;
  /** Under /v1/studio/api, query included. */
  path: string;
  headers: Record<string, string | null>;
  body?: BodyPlan;
};

function withId(endpoint: Endpoint, id: string): string {
  return endpoint.path.replace("{id}", id);
}

/** The endpoint's own ids: records in several statuses, so both the status and the body are reached. */
function realIdArbitrary(endpoint: Endpoint, fixture: Fixture): fc.Arbitrary<string> {
  return endpoint.ids ? fc.constantFrom(...fixture.ids[endpoint.ids]) : fc.constant("");
}

function baseHeaders(endpoint: Endpoint, fixture: Fixture): Record<string, string | null> {
  return { "x-studio-api-key": fixture.keys.admin, ...(endpoint.createsWithClientId ? { "x-client-id": fixture.clientId } : {}) };
}

function validBody(endpoint: Endpoint, fixture: Fixture): BodyPlan | undefined {
  if (!endpoint.body || endpoint.method === "GET") return undefined;
  const text = jsonText(endpoint.body.valid(fixture));
  return { build: () => ({ text, contentType: JSON_TYPE }) };
}

export function requestArbitrary(fixture: Fixture): fc.Arbitrary<PlannedRequest> {
  const perEndpoint = ENDPOINTS.map((endpoint) => {
    const base = baseHeaders(endpoint, fixture);
    const kinds: Array<{ weight: number; arbitrary: fc.Arbitrary<PlannedRequest> }> = [];
    if (endpoint.body || endpoint.refusedByMakerChecker) {
      kinds.push({
        weight: 10,
        arbitrary: fc
          .record({ id: realIdArbitrary(endpoint, fixture), body: bodyArbitrary(endpoint, fixture), noise: noiseHeaders })
          .filter(({ body }) => bodyIsRefused(endpoint, body, fixture))
          .map(({ id, body, noise }) => ({ kind: "body", endpoint, method: endpoint.method, path: withId(endpoint, id), headers: { ...base, ...noise }, body })),
      });
    }
    if (endpoint.method === "GET") {
      kinds.push({
        weight: endpoint.query ? 8 : 1,
        arbitrary: fc
          .record({ id: realIdArbitrary(endpoint, fixture), query: queryArbitrary(endpoint), noise: noiseHeaders })
          .map(({ id, query, noise }) => ({ kind: "query", endpoint, method: "GET", path: `${withId(endpoint, id)}?${query}`, headers: { ...base, ...noise } })),
      });
    }
    kinds.push({
      weight: 3,
      arbitrary: fc
        .record({ id: realIdArbitrary(endpoint, fixture), refusing: refusingHeadersArbitrary(endpoint, fixture), noise: noiseHeaders })
        .map(({ id, refusing, noise }) => ({
          kind: "headers",
          endpoint,
          method: endpoint.method,
          path: withId(endpoint, id),
          headers: { ...base, ...noise, ...refusing },
          body: validBody(endpoint, fixture),
        })),
    });
    if (endpoint.ids) {
      kinds.push({
        weight: 3,
        arbitrary: fc.record({ id: badIdArbitrary(fixture, endpoint.ids), noise: noiseHeaders }).map(({ id, noise }) => ({
          kind: "path",
          endpoint,
          method: endpoint.method,
          path: withId(endpoint, id),
          headers: { ...base, ...noise },
          body: validBody(endpoint, fixture),
        })),
      });
    }
    const allowed = ENDPOINTS.filter((other) => other.path === endpoint.path).map((other) => other.method);
    const wrong = METHODS.filter((method) => !allowed.includes(method));
    kinds.push({
      weight: 1,
      arbitrary: fc.record({ id: realIdArbitrary(endpoint, fixture), method: fc.constantFrom(...wrong) }).map(({ id, method }) => ({
        kind: "method",
        endpoint,
        method,
        path: withId(endpoint, id),
        headers: base,
        body: method === "GET" ? undefined : (validBody(endpoint, fixture) ?? { build: () => ({ text: "{}", contentType: JSON_TYPE }) }),
      })),
    });
    return fc.oneof(...kinds);
  });
  return fc.oneof(...perEndpoint);
}
