import "server-only";
// The audit log (issue 13): who did what, written by the verb in its own transaction so the row
// exists exactly when the change does. Rows are never updated or deleted (a trigger refuses it).
import type { AuditAction } from "@/lib/studio/audit/actions";
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Database, type DbOrTx } from "@/lib/db/client";
import { tableRows } from "@/lib/db/table-rows";
import { csvBatch } from "@/lib/studio/export/csv-export";
import { auditLog } from "@/lib/studio/db/audit-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { createdRangeQuerySchema, cursorQuerySchema, cutPage, filterText, pageWindow, pagingQuerySchema, sortQuerySchema, type ExportQuery } from "@/lib/studio/core/paging";
import { afterCursor, cursorSeq, listOrder, orderClauses } from "@/lib/studio/core/list-sql";
import { dateTimeText } from "@/lib/studio/core/records";

export type AuditEntry = {
  orgId: number;
  /** Null only for the operator CLI and the demo seed. */
  actorUid: string | null;
  /** One of the declared actions (lib/studio/audit/actions.ts), which the console names. */
  action: AuditAction;
  objectType: string;
  objectId: string;
  details?: Record<string, unknown>;
  now?: Date;
};

/** Appends one row; call it with the transaction of the change it records. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry) {
  const [row] = await tx
    .insert(auditLog)
    .values({
      orgId: entry.orgId,
      actorUid: entry.actorUid,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      details: entry.details ?? {},
      ...(entry.now ? { createdAt: entry.now } : {}),
    })
    .returning();
  if (!row) throw new Error("audit_log insert returned no row");
  return row;
}

/** One row of the audit log (GET /audit_log, POST /me/sign_ins). */
export const auditLogEntryRecordSchema = z.object({
  id: z.string().meta({ description: "Increases with every row of the organization", example: "1042" }),
  created_at: dateTimeText,
  actor_uid: z.string().nullable().meta({ description: "Who did it; null for the operator CLI and the demo seed", example: "usr_4c1d2e3f5a6b7c8d9e0f1a2b" }),
  action: z.string().meta({ description: "What was done, `<object>.<verb>`", example: "user.updated" }),
  object_type: z.string().meta({ example: "user" }),
  object_id: z.string().meta({ example: "usr_7e6d5c4b3a291807f6e5d4c3" }),
  details: z.record(z.string(), z.unknown()).meta({
    description: "What changed, as the action records it",
    example: { before: { permissions: ["transfer:read"], disabled: false }, after: { permissions: ["transfer:read", "transfer:create"], disabled: false } },
  }),
});
export type AuditLogEntryRecord = z.infer<typeof auditLogEntryRecordSchema>;

export function serializeAuditRow(row: typeof auditLog.$inferSelect): AuditLogEntryRecord {
  return {
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    actor_uid: row.actorUid,
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    details: row.details,
  };
}

export const auditLogQuerySchema = pagingQuerySchema.extend({
  actor_uid: filterText,
  action: filterText,
  object_type: filterText,
  object_id: filterText,
  ...createdRangeQuerySchema.shape,
  ...cursorQuerySchema.shape,
  ...sortQuerySchema(["created_at"]).shape,
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

function auditFilters(orgId: number, query: ExportQuery<AuditLogQuery>): SQL[] {
  const filters: SQL[] = [eq(auditLog.orgId, orgId)];
  if (query.actor_uid) filters.push(eq(auditLog.actorUid, query.actor_uid));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.object_type) filters.push(eq(auditLog.objectType, query.object_type));
  if (query.object_id) filters.push(eq(auditLog.objectId, query.object_id));
  if (query.created_after) filters.push(gte(auditLog.createdAt, new Date(query.created_after)));
  if (query.created_before) filters.push(lt(auditLog.createdAt, new Date(query.created_before)));
  return filters;
}

/** The export's batches (GET /audit_log/export): every row the filters admit, in the list's order. */
export function auditExportBatches(database: Database, orgId: number, query: ExportQuery<AuditLogQuery>) {
  const where = and(...auditFilters(orgId, query));
  const order = listOrder(query.sort, { created_at: auditLog.id }, auditLog.id);
  return async (afterSeq: number | undefined, limit: number) => {
    const rows = await auditRows.read(database, (select) =>
      select
        .from(auditLog)
        .where(and(where, afterSeq !== undefined ? afterCursor(order, { key: sql`${afterSeq}`, seq: afterSeq }) : undefined))
        .orderBy(...orderClauses(order))
        .limit(limit),
    );
    return csvBatch(rows, ({ entry }) => entry.id, ({ entry }) => serializeAuditRow(entry));
  };
}

const auditRows = tableRows({ entry: auditLog });

// GET /audit_log (extension): the organization's rows, newest first.
export async function listAuditLog(input: { principal: Principal; query: AuditLogQuery }) {
  const { principal, query } = input;
  const database = await db();
  const where = and(...auditFilters(principal.orgId, query));
  const order = listOrder(query.sort, { created_at: auditLog.id }, auditLog.id);
  const { limit, offset } = pageWindow(query);
  const cursor =
    query.starting_after === undefined
      ? undefined
      : await cursorSeq(database, {
          table: auditLog, id: auditLog.id, seq: auditLog.id, org: auditLog.orgId, orgId: principal.orgId, cursor: query.starting_after, numericId: true,
        });
  const [[total], window] = await Promise.all([
    database.select({ count: sql<number>`count(*)::int` }).from(auditLog).where(where),
    database
      .select()
      .from(auditLog)
      .where(and(where, cursor !== undefined ? afterCursor(order, { key: sql`${cursor}`, seq: cursor }) : undefined))
      .orderBy(...orderClauses(order))
      .limit(limit)
      .offset(offset),
  ]);
  const { page: rows, next } = cutPage(window, query, (row) => row.id);
  return {
    data: rows.map(serializeAuditRow),
    paging: { page_number: query.page, page_size: query.page_size, total_count: total?.count ?? 0, next_starting_after: next },
  };
}
