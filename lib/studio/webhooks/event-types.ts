import "server-only";
// The events the service emits (the outbox's `<object>.<status>`, `<object>.payment_reversed` and `.unmatched_deposit`),
// and the patterns a webhook endpoint subscribes with: an exact type, `<object>.*`, or `*`.
import { INVOICE_STATUSES } from "@/lib/studio/invoices/status";
import { PAYOUT_STATUSES } from "@/lib/studio/payouts/status";
import { STANDALONE_STATUSES } from "@/lib/studio/standalone-payments/status";
import type { OwnerType } from "@/lib/studio/workflow/owner";

const STATUSES_OF: Record<OwnerType, readonly string[]> = {
  invoice: INVOICE_STATUSES,
  payout: PAYOUT_STATUSES,
  payment_intent: STANDALONE_STATUSES,
};

/**
 * News that is not a status change: a confirmed deposit that vanished in a reorg while the status
 * could not move; a transfer to the record's deposit address that pays nothing (wrong token, a
 * closed or already settled record: a payer paying twice), set aside to return. Organization-wide
 * endpoints only (with `details`), never a record's callback_url (outbox.ts).
 */
const NEWS = ["payment_reversed", "unmatched_deposit"] as const;

export const EVENT_OBJECTS = Object.keys(STATUSES_OF) as OwnerType[];

/** Every event type: a record entering each of its statuses, and its news. */
export const EVENT_TYPES: readonly string[] = EVENT_OBJECTS.flatMap((object) => [...STATUSES_OF[object], ...NEWS].map((what) => `${object}.${what}`));

/** What an endpoint may subscribe to: every event type, each object's `<object>.*`, and `*`. */
export const EVENT_TYPE_PATTERNS: readonly string[] = ["*", ...EVENT_OBJECTS.map((object) => `${object}.*`), ...EVENT_TYPES];

const KNOWN_PATTERNS = new Set(EVENT_TYPE_PATTERNS);

export function isEventTypePattern(pattern: string): boolean {
  return KNOWN_PATTERNS.has(pattern);
}

/** Whether an event of `type` goes to an endpoint subscribed with `patterns`. */
export function matchesEventType(patterns: readonly string[], type: string): boolean {
  const object = type.slice(0, type.indexOf("."));
  return patterns.some((pattern) => pattern === "*" || pattern === type || pattern === `${object}.*`);
}
