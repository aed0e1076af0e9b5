import "server-only";
// Webhooks: organization endpoints, the event outbox and the delivery log.
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";
import { organizations } from "@/lib/studio/db/orgs-schema";

/**
 * Organization-wide webhook endpoints (issue 26): each receives every event whose type matches one
 * of its `event_types` patterns, signed with its own secret. Secrets are sealed with STUDIO_SECRET,
 * bound to the endpoint's row. During a rotation's overlap the previous secret signs beside the
 * current one until `previous_secret_expires_at`. A deleted endpoint keeps its row (its deliveries
 * name it) with `deleted_at` set, and gets nothing new.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().notNull(),
    secretSealed: text("secret_sealed").notNull(),
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.orgId, t.seq).where(sql`${t.deletedAt} IS NULL`)],
);

/**
 * The webhook outbox: one row per event, written by `transition()` in the transaction of the
 * status change, so an event exists exactly when its change committed. The dispatcher claims due
 * rows with a lease (SKIP LOCKED), so several dispatchers never send one attempt twice; `seq`
 * orders the events of one object, and a later one waits while an earlier one is still pending.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    type: text("type").notNull(),
    url: text("url").notNull(),
    // Null for a record's callback_url; else the organization endpoint the event goes to.
    endpointId: text("endpoint_id").references((): AnyPgColumn => webhookEndpoints.id),
    // The exact body every attempt sends (and signs), so a re-send is byte-identical.
    payload: text("payload").notNull(),
    status: text("status").notNull().default("pending"),
    // Attempts of the current schedule round (a manual re-send starts a new round); the log keeps all.
    scheduledAttempts: integer("scheduled_attempts").notNull().default(0),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseToken: text("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    // A callback_url delivery: the status change it announces (`status_log:<id>`), unique, so no
    // change reaches a callback_url twice; null for an organization endpoint's event.
    callbackKey: text("callback_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_events_callback_key_idx").on(t.callbackKey).where(sql`${t.callbackKey} IS NOT NULL`),
    // In the claim's order, so a claim reads the first due rows and stops at its limit: on
    // next_attempt_at alone every claim read and sorted the whole backlog (O(pending) per claim).
    index("webhook_events_due_idx").on(t.nextAttemptAt, t.seq).where(sql`${t.status} = 'pending'`),
    index("webhook_events_object_idx").on(t.objectId, t.seq),
    index("webhook_events_org_idx").on(t.orgId, t.seq),
    index("webhook_events_endpoint_idx").on(t.endpointId, t.seq).where(sql`${t.endpointId} IS NOT NULL`),
  ],
);

/** The delivery log: every attempt of every event, as sent and as answered. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id),
    attemptNumber: integer("attempt_number").notNull(),
    manual: boolean("manual").notNull().default(false),
    url: text("url").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    latencyMs: integer("latency_ms").notNull(),
    responseBody: text("response_body"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("webhook_attempts_event_attempt_idx").on(t.eventId, t.attemptNumber)],
);
