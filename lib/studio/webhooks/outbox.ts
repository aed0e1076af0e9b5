import "server-only";
// The outbox writer: `transition()` calls it in the transaction of the status change, so an event
// row exists exactly when the change committed (a rolled-back change leaves none).
import type { Tx } from "@/lib/db/client";
import { webhookEndpoints, webhookEvents } from "@/lib/studio/db/webhooks-schema";
import { newId } from "@/lib/studio/core/ids";
import { getIntentOrThrow, type AnyOwner, type Intent, type OwnerTable } from "@/lib/studio/workflow/owner";
import { and, eq, isNull } from "drizzle-orm";
import { afterCommitIfOpen, beforeCommitIfOpen } from "@/lib/studio/core/unit-of-work";
import { nudgeDispatcher } from "@/lib/studio/webhooks/wake";
import { matchesEventType } from "@/lib/studio/webhooks/event-types";

type Record = ReturnType<AnyOwner["serialize"]>;

/**
 * Queues `<object>.<status>` (or the event `type` given, for news that is not a status change):
 * one delivery for the record's callback_url, whose body is the record itself, flat, as its GET
 * returns it (`status` at the top level): KryptoGO's callback body, which existing KryptoGO
 * integrations read (product-decisions §9); and one for each of the organization's webhook
 * endpoints subscribed to the type, whose body is the Standard Webhooks envelope
 * `{id, type, created_at, data}` around the same record. Each delivery's id is its `webhook-id`.
 */
export async function queueStatusEvent(tx: Tx, owner: AnyOwner, intent: Intent<OwnerTable>, now: Date, type = `${owner.type}.${intent.row.status}`): Promise<void> {
  const orgId = intent.row.orgId;
  const callbackUrl = intent.paymentIntent.callbackUrl;
  // FOR SHARE until commit: an endpoint being deleted meanwhile waits for this event to commit and
  // then cancels it, or was deleted first and is not read; either way it never gets a new event.
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), isNull(webhookEndpoints.deletedAt)))
    .for("share");
  const deliveries: Array<{ id: string; url: string; endpointId: string | null; body: (record: Record) => string }> = [];
  if (callbackUrl) deliveries.push({ id: newId("evt"), url: callbackUrl, endpointId: null, body: (record) => JSON.stringify(record) });
  for (const endpoint of endpoints) {
    if (!matchesEventType(endpoint.eventTypes, type)) continue;
    const id = newId("evt");
    deliveries.push({ id, url: endpoint.url, endpointId: endpoint.id, body: (record) => JSON.stringify({ id, type, created_at: now.toISOString(), data: record }) });
  }
  if (deliveries.length === 0) return;
  const record = owner.serialize(intent.row, intent.paymentIntent);
  const payloads = deliveries.map((delivery) => delivery.body(record));
  await tx.insert(webhookEvents).values(
    deliveries.map((delivery, index) => ({
      id: delivery.id,
      orgId,
      objectType: owner.type,
      objectId: intent.row.id,
      type,
      url: delivery.url,
      endpointId: delivery.endpointId,
      payload: payloads[index]!,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
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
