import "server-only";
// Organization-wide webhook endpoints (issue 26, org:manage): each receives, as a Standard Webhooks
// envelope, every event whose type one of its patterns matches, signed with a secret of its own.
// The secret is shown once (on create, on rotation) and kept sealed; a rotation lets the replaced
// secret sign beside the new one for an overlap, as Standard Webhooks allows.
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Principal } from "@/lib/studio/auth/principal";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { webhookEndpoints, webhookEvents } from "@/lib/studio/db/webhooks-schema";
import { notFound, StudioError } from "@/lib/studio/core/errors";
import { newId } from "@/lib/studio/core/ids";
import { pageOffset, type PagingQuery } from "@/lib/studio/core/paging";
import { dateTimeText } from "@/lib/studio/core/records";
import { sealEndpointSecret, unsealEndpointSecret } from "@/lib/studio/core/secrets";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { EVENT_TYPE_PATTERNS, isEventTypePattern } from "@/lib/studio/webhooks/event-types";
import { checkWebhookUrl } from "@/lib/studio/webhooks/ssrf-guard";
import { httpUrl } from "@/lib/studio/core/validation";

/** Each endpoint adds an outbox row to every matching event: a bound keeps one status change's fan-out small. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 60 * 60;
const MAX_ROTATION_OVERLAP_SECONDS = 7 * 24 * 60 * 60;

const patternList = `\`*\`, \`<object>.*\` for ${EVENT_TYPE_PATTERNS.filter((pattern) => pattern.endsWith(".*")).map((pattern) => `\`${pattern.slice(0, -2)}\``).join(", ")}, or an exact event type`;

export const webhookEndpointCreateSchema = z.object({
  // The rules the dispatcher applies to every target (ssrf-guard.ts), judged now too, so a URL that
  // could never receive anything is refused when it is given rather than on every event.
  url: httpUrl.superRefine((text, context) => {
    const checked = checkWebhookUrl(text, env.WEBHOOK_ALLOW_PRIVATE);
    if ("refused" in checked) context.addIssue({ code: "custom", message: checked.refused });
  }).meta({ example: "https://merchant.example/webhooks/studio" }),
  description: z.string().trim().max(200).default("").meta({ example: "Order service" }),
  event_types: z
    .array(
      z.string().superRefine((pattern, context) => {
        if (isEventTypePattern(pattern)) return;
        context.addIssue({
          code: "custom",
          message: `${JSON.stringify(pattern).slice(0, 80)} is not an event type the service emits or a pattern of them (${patternList}; GET /webhook/event_types lists them)`,
        });
      }),
    )
    .min(1, "must name at least one event type or pattern")
    .max(100)
    .meta({ description: `Patterns: ${patternList}.`, example: ["invoice.*", "payout.approved"] }),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

export const webhookEndpointRotateSchema = z.object({
  expire_old_after_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_ROTATION_OVERLAP_SECONDS)
    .default(DEFAULT_ROTATION_OVERLAP_SECONDS)
    .meta({ description: "How long the replaced secret keeps signing beside the new one; 0 retires it at once. Default 86400 (24 h).", example: 3600 }),
});
export type WebhookEndpointRotate = z.infer<typeof webhookEndpointRotateSchema>;

export const webhookEndpointRecordSchema = z.object({
  id: z.string().meta({ example: "wep_6a1f0c9e2b7d4a3c8e5f1b20" }),
  url: z.string().meta({ example: "https://merchant.example/webhooks/studio" }),
  description: z.string().meta({ example: "Order service" }),
  event_types: z.array(z.string()).meta({ example: ["invoice.*", "payout.approved"] }),
  previous_secret_expires_at: dateTimeText.nullable().meta({ description: "While set and in the future, the secret a rotation replaced still signs beside the current one" }),
  created_at: dateTimeText,
});
export type WebhookEndpointRecord = z.infer<typeof webhookEndpointRecordSchema>;

export const webhookEndpointWithSecretSchema = webhookEndpointRecordSchema.extend({
  secret: z.string().meta({ description: "The endpoint's signing secret, in this response only", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const deletedWebhookEndpointSchema = webhookEndpointRecordSchema.extend({
  deleted_at: dateTimeText,
  cancelled_deliveries: z.number().int().meta({ description: "Deliveries to it still pending, now `cancelled` and never sent", example: 2 }),
});

export const eventTypeRecordSchema = z.object({
  type: z.string().meta({ example: "invoice.paid" }),
});

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

function serialize(row: EndpointRow, now = new Date()): WebhookEndpointRecord {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    previous_secret_expires_at: overlap?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The secrets an endpoint signs with now: its current one, and during an overlap the one it replaced. */
export function signingSecrets(
  endpoint: { id: string; secretSealed: string; previousSecretSealed: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const secrets = [unsealEndpointSecret(endpoint.id, "secret", endpoint.secretSealed)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(unsealEndpointSecret(endpoint.id, "previous_secret", endpoint.previousSecretSealed));
  }
  return secrets;
}

export async function listWebhookEndpoints(input: { principal: Principal; query: PagingQuery }) {
  const { principal, query } = input;
  const database = await db();
  const live = and(eq(webhookEndpoints.orgId, principal.orgId), isNull(webhookEndpoints.deletedAt));
  const [[total], rows] = await Promise.all([
    database.select({ count: sql<number>`count(*)::int` }).from(webhookEndpoints).where(live),
    database.select().from(webhookEndpoints).where(live).orderBy(desc(webhookEndpoints.seq)).limit(query.page_size).offset(pageOffset(query)),
  ]);
  const now = new Date();
  return {
    data: rows.map((row) => serialize(row, now)),
    paging: { page_number: query.page, page_size: query.page_size, total_count: total?.count ?? 0 },
  };
}

export async function createWebhookEndpoint(input: { principal: Principal; body: WebhookEndpointCreate }): Promise<WebhookEndpointWithSecret> {
  const { principal, body } = input;
  return inTransaction(async (tx) => {
    // The organization's row is the lock: two creates at once cannot both pass the bound.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, principal.orgId)).for("update");
    const [live] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.orgId, principal.orgId), isNull(webhookEndpoints.deletedAt)));
    if ((live?.count ?? 0) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
      throw new StudioError("business_rule", `An organization has at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints; delete one first`);
    }
    const id = newId("wep");
    const secret = newSecret();
    const eventTypes = [...new Set(body.event_types)];
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ id, orgId: principal.orgId, url: body.url, description: body.description, eventTypes, secretSealed: sealEndpointSecret(id, "secret", secret) })
      .returning();
    await recordAudit(tx, {
      orgId: principal.orgId,
      actorUid: principal.uid,
      action: "webhook_endpoint.created",
      objectType: "webhook_endpoint",
      objectId: id,
      details: { url: body.url, event_types: eventTypes },
    });
    return { ...serialize(row!), secret };
  });
}

async function lockLiveEndpoint(tx: Tx, principal: Principal, id: string): Promise<EndpointRow> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, principal.orgId), isNull(webhookEndpoints.deletedAt)))
    .for("update");
  if (!row) throw notFound(`Webhook endpoint ${id}`);
  return row;
}

/**
 * A new secret signs from now on; the replaced one signs beside it until the overlap ends (so a
 * receiver can switch to the new secret at its own pace). A rotation during an overlap ends that
 * overlap: only the secret it replaces keeps signing.
 */
export async function rotateWebhookEndpointSecret(input: { principal: Principal; id: string; body: WebhookEndpointRotate }): Promise<WebhookEndpointWithSecret> {
  const { principal, id, body } = input;
  return inTransaction(async (tx) => {
    const row = await lockLiveEndpoint(tx, principal, id);
    const now = new Date();
    const secret = newSecret();
    const overlap = body.expire_old_after_seconds > 0;
    const previous = overlap ? sealEndpointSecret(id, "previous_secret", unsealEndpointSecret(id, "secret", row.secretSealed)) : null;
    const [rotated] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: sealEndpointSecret(id, "secret", secret),
        previousSecretSealed: previous,
        previousSecretExpiresAt: overlap ? new Date(now.getTime() + body.expire_old_after_seconds * 1000) : null,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(tx, {
      orgId: principal.orgId,
      actorUid: principal.uid,
      action: "webhook_endpoint.secret_rotated",
      objectType: "webhook_endpoint",
      objectId: id,
      details: { expire_old_after_seconds: body.expire_old_after_seconds },
    });
    return { ...serialize(rotated!, now), secret };
  });
}

/**
 * The endpoint gets nothing new: its row is kept (its deliveries name it) as deleted, and its
 * deliveries still pending are cancelled in the same transaction. An attempt already on the wire
 * finishes and is logged, but cannot move its cancelled delivery on (its lease is dropped here).
 */
export async function deleteWebhookEndpoint(input: { principal: Principal; id: string }) {
  const { principal, id } = input;
  return inTransaction(async (tx) => {
    await lockLiveEndpoint(tx, principal, id);
    const now = new Date();
    const [deleted] = await tx.update(webhookEndpoints).set({ deletedAt: now }).where(eq(webhookEndpoints.id, id)).returning();
    // A statement after the endpoint's lock: it sees every event an outbox writer queued for the
    // endpoint before the lock was granted (they hold the endpoint row FOR SHARE until they commit).
    const cancelled = await tx
      .update(webhookEvents)
      .set({ status: "cancelled", leaseToken: null, leaseUntil: null })
      .where(and(eq(webhookEvents.endpointId, id), eq(webhookEvents.status, "pending")))
      .returning({ id: webhookEvents.id });
    await recordAudit(tx, {
      orgId: principal.orgId,
      actorUid: principal.uid,
      action: "webhook_endpoint.deleted",
      objectType: "webhook_endpoint",
      objectId: id,
      details: { url: deleted!.url, cancelled_deliveries: cancelled.length },
    });
    return { ...serialize(deleted!, now), deleted_at: now.toISOString(), cancelled_deliveries: cancelled.length };
  });
}

/** A replayed create or rotation cannot show its secret again: no idempotency row keeps it. */
export function endpointSecretShownOnce(what: "created" | "rotated") {
  return (result: { data: unknown }): StudioError => {
    const endpoint = result.data as WebhookEndpointWithSecret;
    return new StudioError(
      "secret_not_replayable",
      what === "created"
        ? `Webhook endpoint ${endpoint.id} was already created with this Idempotency-Key; its secret was shown once and cannot be shown again. If that answer was lost, rotate the endpoint's secret.`
        : `Webhook endpoint ${endpoint.id}'s secret was already rotated with this Idempotency-Key; the new secret was shown once and cannot be shown again. If that answer was lost, rotate it again.`,
    );
  };
}
