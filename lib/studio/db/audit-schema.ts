import "server-only";
// The audit log: who did what.
import { bigserial, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";
import { organizations } from "@/lib/studio/db/orgs-schema";

/**
 * Who did what (issue 13): one row per audited action, written in the transaction of the change
 * it records, so a refused or failed action leaves none. Append-only: a trigger refuses UPDATE
 * and DELETE (migration 0009). `actor_uid` is null only for the operator CLI and the demo seed.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    createdAt: createdAt(),
    actorUid: text("actor_uid"),
    action: text("action").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_org_id_idx").on(t.orgId, t.id),
    index("audit_log_org_actor_idx").on(t.orgId, t.actorUid, t.id),
    index("audit_log_org_action_idx").on(t.orgId, t.action, t.id),
    index("audit_log_org_object_idx").on(t.orgId, t.objectType, t.objectId, t.id),
    index("audit_log_org_created_idx").on(t.orgId, t.createdAt),
  ],
);
