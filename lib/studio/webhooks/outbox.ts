import "server-only";
// The outbox writer, the one place that decides who hears of what. A status change (`transition()`
// calls it in the change's transaction, so an event row exists exactly when the change committed)
// goes to the record's callback_url, once per change, and to the organization's endpoints; news
// that is not a status change goes to the organization's endpoints only (product-decisions §9):
// a callback_url hears nothing but its record's status changes, so a payer paying twice or a deep
// reorg never looks like a second payment to the merchant's order handler.
import type { Tx } from "@/lib/db/client";
import { webhookEndpoints, webhookEvents } from "@/lib/studio/db/webhooks-schema";
import { newId } from "@/lib/studio/core/ids";
import { getIntentOrThrow, type AnyOwner, type Intent, type OwnerTable } from "@/lib/studio/workflow/owner";
import { and, eq, isNull } from "drizzle-orm";
import { afterCommitIfOpen, beforeCommitIfOpen } from "@/lib/studio/core/unit-of-work";
import { nudgeDispatcher } from "@/lib/studio/webhooks/wake";
import { matchesEventType } from "@/lib/studio/webhooks/event-types";

type Record = ReturnType<AnyOwner["serialize"]>;

/** A status change as `transition()` wrote it: its status_logs row names it. */
export type StatusChange = { from: string; to: string; statusLogId: number };

/**
 * Queues `<object>.<status>` for a status change: one delivery for the record's callback_url,
 * whose body is the record itself, flat, as its GET returns it (`status` at the top level,
 * KryptoGO's callback body, product-decisions §9) plus `event_type` and `object`; and one for each
 * of the organization's webhook endpoints subscribed to the type, the Standard Webhooks envelope
 * `{id, type, created_at, data}` around the same record. Each delivery's id is its `webhook-id`.
 * A "change" to the status the record already had is none, and queues nothing; the callback row's
 * key is the change itself (unique in the outbox), so no change is ever announced twice.
 */
export async function queueStatusChange(tx: Tx, owner: AnyOwner, intent: Intent<OwnerTable>, change: StatusChange, now: Date): Promise<void> {
  if (change.from === change.to) return;
  await queueDeliveries(tx, owner, intent, now, { type: `${owner.type}.${change.to}`, callbackKey: `status_log:${change.statusLogId}` });
}

/**
 * Queues news that is not a status change (`<object>.payment_reversed`, `<object>.unmatched_deposit`)
 * for the organization's webhook endpoints only, the envelope carrying `details` (what happened,
 * as the audit row records it) beside the record. Never for the callback_url.
 */
export async function queueNewsEvent(tx: Tx, owner: AnyOwner, intent: Intent<OwnerTable>, type: string, details: { [key: string]: unknown }, now: Date): Promise<void> {
  await queueDeliveries(tx, owner, intent, now, { type, details });
}

type Delivery = { id: string; url: string; endpointId: string | null; callbackKey: string | null; body: (record: Record) => string };

async function queueDeliveries(
  tx: Tx,
  owner: AnyOwner,
  intent: Intent<OwnerTable>,
  now: Date,
  event: { type: string; callbackKey?: string; details?: { [key: string]: unknown } },
): Promise<void> {
  const { type } = event;
  const orgId = intent.row.orgId;
  const callbackUrl = event.callbackKey ? intent.paymentIntent.callbackUrl : null;
  // FOR SHARE until commit: an endpoint being deleted meanwhile waits for this event to commit and
  // then cancels it, or was deleted first and is not read; either way it never gets a new event.
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), isNull(webhookEndpoints.deletedAt)))
    .for("share");
  const deliveries: Delivery[] = [];
  if (callbackUrl && event.callbackKey) {
    deliveries.push({
      id: newId("evt"),
      url: callbackUrl,
      endpointId: null,
      callbackKey: event.callbackKey,
      // Additive fields after the record's own: a KryptoGO-style handler reading `status` still works.
      body: (record) => JSON.stringify({ ...(record as object), event_type: type, object: owner.type }),
    });
  }
  for (const endpoint of endpoints) {
    if (!matchesEventType(endpoint.eventTypes, type)) continue;
    const id = newId("evt");
    const details = event.details ? { details: event.details } : {};
    deliveries.push({
      id,
      url: endpoint.url,
      endpointId: endpoint.id,
      callbackKey: null,
      body: (record) => JSON.stringify({ id, type, created_at: now.toISOString(), data: record, ...details }),
    });
  }
  if (deliveries.length === 0) return;
  const record = owner.serialize(intent.row, intent.paymentIntent);
  const payloads = deliveries.map((delivery) => delivery.body(record));
  await tx
    .insert(webhookEvents)
    .values(
      deliveries.map((delivery, index) => ({
        id: delivery.id,
        orgId,
        objectType: owner.type,
        objectId: intent.row.id,
        type,
        url: delivery.url,
        endpointId: delivery.endpointId,
        callbackKey: delivery.callbackKey,
        payload: payloads[index]!,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    // A change already announced stays announced once (the callback key is unique).
    .onConflictDoNothing();
  // The same transaction may go on changing the record after its status (a settlement's
  // aggregation fields): the event carries the record as committed, unless its status moved on.
  beforeCommitIfOpen(async () => {
    const committed = await getIntentOrThrow(tx, owner, orgId, intent.row.id);
    if (committed.row.status !== intent.row.status) return;
    const refreshedRecord = owner.serialize(committed.row, committed.paymentIntent);
    for (const [index, delivery] of deliveries.entries()) {
      const refreshed = delivery.body(refreshedRecord);
      if (refreshed !== payloads[index]) await tx.update(webhookEvents).set({ payload: refreshed }).where(eq(webhookEvents.id, delivery.id));
    }
  });
  // Once committed, not now: a dispatcher nudged before the commit would find nothing to send.
  afterCommitIfOpen(async () => nudgeDispatcher());
}
