// The console's workflow owners: where their pages, console routes and cached queries live, and
// what their lists filter on.
import { INVOICE_FILTER_KEYS, PAYMENT_INTENT_FILTER_KEYS, PAYOUT_FILTER_KEYS, type FilterKey } from "@/lib/console/list-query";
import { INVOICE_STATUSES } from "@/lib/studio/invoices/status";
import { PAYOUT_STATUSES } from "@/lib/studio/payouts/status";
import { STANDALONE_STATUS_CATEGORY, STANDALONE_STATUSES } from "@/lib/studio/standalone-payments/status";
import { STATUS_CATEGORIES, type StatusCategory } from "@/lib/studio/workflow/state-machine";

export type Resource = {
  /** URL segment under / and /api, and the first element of every cached query key. */
  key: "invoices" | "payouts" | "payment-intents";
  noun: "invoice" | "payout" | "payment intent";
  title: "Invoice" | "Payout" | "Payment intent";
  /** Whether the console has a form that creates one (payment intents come from the merchant's checkout). */
  creatable: boolean;
  /** The list endpoint's query parameters (spec InvoiceListQuery / PayoutListQuery) and status values. */
  filterKeys: readonly FilterKey[];
  statuses: readonly string[];
  /** The list's tabs: the status categories its statuses fall in. */
  categories: readonly StatusCategory[];
  searchPlaceholder: string;
  /** Its name for saved views (GET/POST /saved_views `list`). */
  views: "invoices" | "payouts" | "payment_intents";
};

export const INVOICES: Resource = {
  key: "invoices",
  noun: "invoice",
  title: "Invoice",
  creatable: true,
  filterKeys: INVOICE_FILTER_KEYS,
  statuses: INVOICE_STATUSES,
  categories: STATUS_CATEGORIES,
  searchPlaceholder: "Recipient, organization, invoice id…",
  views: "invoices",
};

export const PAYOUTS: Resource = {
  key: "payouts",
  noun: "payout",
  title: "Payout",
  creatable: true,
  filterKeys: PAYOUT_FILTER_KEYS,
  statuses: PAYOUT_STATUSES,
  categories: STATUS_CATEGORIES,
  searchPlaceholder: "Recipient, organization, payout id…",
  views: "payouts",
};

export const PAYMENT_INTENTS: Resource = {
  key: "payment-intents",
  noun: "payment intent",
  title: "Payment intent",
  creatable: false,
  filterKeys: PAYMENT_INTENT_FILTER_KEYS,
  statuses: STANDALONE_STATUSES,
  // No review step before payment: no "Pending review" tab.
  categories: STATUS_CATEGORIES.filter((category) => Object.values(STANDALONE_STATUS_CATEGORY).includes(category)),
  searchPlaceholder: "Id, deposit or payer address, tx hash, group key…",
  views: "payment_intents",
};

/** `/payouts`, `/payouts/po_1`, `/payouts/po_1/edit`. */
export function pagePath(resource: Resource, id?: string, suffix = ""): string {
  return `/${resource.key}${id === undefined ? "" : `/${encodeURIComponent(id)}`}${suffix}`;
}

/** The console route behind a page path: `/api/payouts/po_1/logs`. */
export function apiPath(resource: Resource, id?: string, suffix = ""): string {
  return `/api${pagePath(resource, id, suffix)}`;
}
