import "server-only";
// GET /webhook/deliveries and POST /webhook/deliveries/{id}/resend (extensions, product-decisions
// §8): a delivery is one event on its way to a record's callback_url or to one of the organization's
// webhook endpoints (its id is the `webhook-id` receivers see), with every attempt made so far.
// Scoped to the caller's organization.
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Database, type DbOrTx } from "@/lib/db/client";
import { tableRows } from "@/lib/db/table-rows";
import { csvBatch } from "@/lib/studio/export/csv-export";
import type { Principal } from "@/lib/studio/auth/principal";
import { webhookAttempts, webhookEndpoints, webhookEvents } from "@/lib/studio/db/webhooks-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { notFound, StudioError } from "@/lib/studio/core/errors";
import { cursorQuerySchema, cutPage, filterText, pageWindow, pagingQuerySchema, sortQuerySchema, type ExportQuery } from "@/lib/studio/core/paging";
import { afterCursor, cursorSeq, listOrder, orderClauses } from "@/lib/studio/core/list-sql";
import { inTransaction, afterCommitIfOpen } from "@/lib/studio/core/unit-of-work";
import { nudgeDispatcher } from "@/lib/studio/webhooks/wake";
import { dateTimeText } from "@/lib/studio/core/records";
import type { OwnerType } from "@/lib/studio/workflow/owner";

// `cancelled`: its webhook endpoint was deleted before it was delivered; it is never sent.
export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "cancelled"] as const;
/** What an event can be about: the outbox queues events for these records only. */
const OBJECT_TYPES = ["invoice", "payout", "payment_intent"] as const satisfies readonly OwnerType[];

export const deliveriesQuerySchema = pagingQuerySchema.extend({
  type: filterText,
  object_id: filterText,
  endpoint_id: filterText.meta({ description: "Only deliveries to this webhook endpoint" }),
  status: z.enum(DELIVERY_STATUSES).optional(),
  ...cursorQuerySchema.shape,
  ...sortQuerySchema(["created_at"]).shape,
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

/** One webhook event on its way to a callback_url or a webhook endpoint, with every attempt so far. */
export const webhookDeliveryRecordSchema = z.object({
  id: z.string().meta({ description: "The event id: the `webhook-id` receivers see", example: "evt_5f0c2b7e9a4d1c3b8e6f2a71" }),
  type: z.string().meta({ description: "The event type (GET /webhook/event_types lists them): `<object>.<status>` or `<object>.payment_reversed`", example: "invoice.paid" }),
  object_type: z.enum(OBJECT_TYPES),
  object_id: z.string().meta({ example: "inv_8d2f0a6b1c3e4d57" }),
  url: z.string().meta({ example: "https://merchant.example/webhooks/studio" }),
  endpoint_id: z.string().nullable().meta({ description: "The webhook endpoint it goes to; null for a record's callback_url", example: "wep_6a1f0c9e2b7d4a3c8e5f1b20" }),
  status: z.enum(DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  next_attempt_at: dateTimeText.nullable(),
  delivered_at: dateTimeText.nullable(),
  created_at: dateTimeText,
  payload: z.unknown().meta({ description: "The exact JSON body every attempt sends: the record itself plus `event_type` and `object` for a callback_url, a Standard Webhooks envelope `{id, type, created_at, data}` (news adds `details`) for an endpoint" }),
  attempts: z.array(
    z.object({
      attempt: z.number().int().meta({ example: 1 }),
      manual: z.boolean().meta({ description: "Sent again by a person (POST /webhook/deliveries/{id}/resend)" }),
      url: z.string(),
      status_code: z.number().int().nullable().meta({ example: 200 }),
      error: z.string().nullable(),
      latency_ms: z.number().int().meta({ example: 84 }),
      response_body: z.string().nullable().meta({ description: "The first 1 KiB of the receiver's answer" }),
      created_at: dateTimeText,
    }),
  ),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecordSchema>;

type EventRow = typeof webhookEvents.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * The export's batches (GET /webhook/deliveries/export): every delivery the filters admit, newest
 * first unless `sort`, one row per delivery (its attempts summarised by their count and the last).
 */
export function deliveryExportBatches(database: Database, orgId: number, query: ExportQuery<DeliveriesQuery>) {
  const filters: SQL[] = [eq(webhookEvents.orgId, orgId)];
  if (query.type) filters.push(eq(webhookEvents.type, query.type));
  if (query.object_id) filters.push(eq(webhookEvents.objectId, query.object_id));
  if (query.endpoint_id) filters.push(eq(webhookEvents.endpointId, query.endpoint_id));
  if (query.status) filters.push(eq(webhookEvents.status, query.status));
  const order = listOrder(query.sort, { created_at: webhookEvents.seq }, webhookEvents.seq);
  return async (afterSeq: number | undefined, limit: number) => {
    const rows = await deliveryRows.read(database, (select) =>
      select
        .from(webhookEvents)
        .where(and(...filters, afterSeq !== undefined ? afterCursor(order, { key: sql`${afterSeq}`, seq: afterSeq }) : undefined))
        .orderBy(...orderClauses(order))
        .limit(limit),
    );
    const attempts = await attemptsOf([...rows.map(({ event }) => event.id)]);
    return csvBatch(rows, ({ event }) => event.seq, ({ event }) => serializeDelivery(event, attempts.get(event.id) ?? []));
  };
}

const deliveryRows = tableRows({ event: webhookEvents });

export async function listDeliveries(input: { principal: Principal; query: DeliveriesQuery }) {
  const { principal, query } = input;
  const database = await db();
  const filters: SQL[] = [eq(webhookEvents.orgId, principal.orgId)];
  if (query.type) filters.push(eq(webhookEvents.type, query.type));
  if (query.object_id) filters.push(eq(webhookEvents.objectId, query.object_id));
  if (query.endpoint_id) filters.push(eq(webhookEvents.endpointId, query.endpoint_id));
  const order = listOrder(query.sort, { created_at: webhookEvents.seq }, webhookEvents.seq);
  const { limit, offset } = pageWindow(query);
  const cursor =
    query.starting_after === undefined
      ? undefined
      : await cursorSeq(database, {
          table: webhookEvents, id: webhookEvents.id, seq: webhookEvents.seq, org: webhookEvents.orgId, orgId: principal.orgId, cursor: query.starting_after,
        });
  const [statusCounts, window] = await Promise.all([
    database
      .select({ status: webhookEvents.status, count: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(and(...filters))
      .groupBy(webhookEvents.status),
    database
      .select()
      .from(webhookEvents)
      .where(
        and(...filters, query.status ? eq(webhookEvents.status, query.status) : undefined, cursor !== undefined ? afterCursor(order, { key: sql`${cursor}`, seq: cursor }) : undefined),
      )
      .orderBy(...orderClauses(order))
      .limit(limit)
      .offset(offset),
  ]);
  const { page: rows, next } = cutPage(window, query, (row) => row.id);
  const attempts = await attemptsOf(rows.map((row) => row.id));
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<string, number>;
  for (const { status, count } of statusCounts) counts[status] = count;
  return {
    data: rows.map((row) => serializeDelivery(row, attempts.get(row.id) ?? [])),
    paging: {
      page_number: query.page,
      page_size: query.page_size,
      total_count: query.status ? (counts[query.status] ?? 0) : Object.values(counts).reduce((sum, count) => sum + count, 0),
      next_starting_after: next,
    },
    counts,
  };
}

/**
 * Sends the event again, same id and body: the delivery goes back to pending, due now, with the
 * retry schedule restarted; the dispatcher makes the new attempt (recorded as `manual`).
 */
export async function resendDelivery(input: { principal: Principal; id: string }) {
  return inTransaction(async (tx) => {
    const [target] = await tx
      .select({ endpointId: webhookEvents.endpointId })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.id, input.id), eq(webhookEvents.orgId, input.principal.orgId)));
    if (!target) throw notFound(`Webhook delivery ${input.id}`);
    if (target.endpointId) {
      // Held until commit: a deletion of the endpoint waits, then cancels this delivery too.
      const [endpoint] = await tx
        .select({ deletedAt: webhookEndpoints.deletedAt })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, target.endpointId))
        .for("share");
      if (endpoint?.deletedAt) {
        throw new StudioError("invalid_state", `Webhook delivery ${input.id} went to webhook endpoint ${target.endpointId}, which was deleted; it cannot be sent again`);
      }
    }
    const [row] = await tx
      .update(webhookEvents)
      .set({ status: "pending", scheduledAttempts: 0, nextAttemptAt: new Date() })
      .where(and(eq(webhookEvents.id, input.id), eq(webhookEvents.orgId, input.principal.orgId)))
      .returning();
    if (!row) throw notFound(`Webhook delivery ${input.id}`);
    // A resend tells the merchant's system again that money moved: who asked for it is audited.
    await recordAudit(tx, {
      orgId: row.orgId,
      actorUid: input.principal.uid,
      action: "webhook_delivery.resent",
      objectType: "webhook_delivery",
      objectId: row.id,
      details: { type: row.type, object_type: row.objectType, object_id: row.objectId },
    });
    afterCommitIfOpen(async () => nudgeDispatcher());
    return serializeDelivery(row, (await attemptsOf([row.id], tx)).get(row.id) ?? []);
  });
}

async function attemptsOf(eventIds: string[], database?: DbOrTx) {
  const byEvent = new Map<string, AttemptRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await (database ?? (await db()))
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.eventId, eventIds))
    .orderBy(asc(webhookAttempts.attemptNumber));
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
  return byEvent;
}

function serializeDelivery(row: EventRow, attempts: AttemptRow[]): WebhookDeliveryRecord {
  return {
    id: row.id,
    type: row.type,
    object_type: row.objectType as OwnerType,
    object_id: row.objectId,
    url: row.url,
    endpoint_id: row.endpointId,
    status: row.status as WebhookDeliveryRecord["status"],
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    payload: JSON.parse(row.payload) as unknown,
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attemptNumber,
      manual: attempt.manual,
      url: attempt.url,
      status_code: attempt.statusCode,
      error: attempt.error,
      latency_ms: attempt.latencyMs,
      response_body: attempt.responseBody,
      created_at: attempt.startedAt.toISOString(),
    })),
  };
}
