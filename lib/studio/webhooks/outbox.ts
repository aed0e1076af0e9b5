// The outbox writer: `transition()` calls it in the transaction of the status change, so an event
// row exists exactly when the change committed (a rolled-back change leaves none).
import type { Tx } from "@/lib/db/client";
import { webhookEvents } from "@/lib/studio/db/schema";
import { newId } from "@/lib/studio/ids";
import { getIntentOrThrow, type AnyOwner, type Intent, type OwnerTable } from "@/lib/studio/workflow/owner";
import { eq } from "drizzle-orm";
import { afterCommitIfOpen, beforeCommitIfOpen } from "@/lib/studio/unit-of-work";
import { nudgeDispatcher } from "@/lib/studio/webhooks/wake";

/**
 * Queues `<object>.<status>` (or the event `type` given, for news that is not a status change) for
 * the record's callback_url. The body is the record itself, flat, as its GET returns it (`status`
 * at the top level): KryptoGO's callback body, which existing KryptoGO integrations read
 * (product-decisions §9). The event id and type stay on the delivery (`webhook-id`, the log).
 * Records without a callback_url have no event.
 */
export async function queueStatusEvent(tx: Tx, owner: AnyOwner, intent: Intent<OwnerTable>, now: Date, type = `${owner.type}.${intent.row.status}`): Promise<void> {
  const url = intent.paymentIntent.callbackUrl;
  if (!url) return;
  const id = newId("evt");
  const body = (current: Intent<OwnerTable>) => JSON.stringify(owner.serialize(current.row, current.paymentIntent));
  const payload = body(intent);
  await tx.insert(webhookEvents).values({
    id,
    orgId: intent.row.orgId,
    objectType: owner.type,
    objectId: intent.row.id,
    type,
    url,
    payload,
    nextAttemptAt: now,
    createdAt: now,
  });
  // The same transaction may go on changing the record after its status (a settlement's
  // aggregation fields): the event carries the record as committed, unless its status moved on.
  beforeCommitIfOpen(async () => {
    const committed = await getIntentOrThrow(tx, owner, intent.row.orgId, intent.row.id);
    if (committed.row.status !== intent.row.status) return;
    const refreshed = body(committed);
    if (refreshed !== payload) await tx.update(webhookEvents).set({ payload: refreshed }).where(eq(webhookEvents.id, id));
  });
  // Once committed, not now: a dispatcher nudged before the commit would find nothing to send.
  afterCommitIfOpen(async () => nudgeDispatcher());
}
