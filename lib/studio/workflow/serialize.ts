import "server-only";
import { z } from "zod";
import type { statusLogs } from "@/lib/studio/db/workflow-schema";
import { dateTimeText } from "@/lib/studio/core/records";

type StatusLogRow = typeof statusLogs.$inferSelect;

const statusLogFields = {
  id: z.number().int().meta({ example: 812 }),
  from_status: z.string().meta({ example: "approval_pending" }),
  to_status: z.string().meta({ example: "approved" }),
  operator_uid: z.string().meta({ example: "usr_4c1d2e3f" }),
  reason: z.string().meta({ example: "approved" }),
  created_at: dateTimeText,
};

/** Spec 2.6's InvoiceLog for an owner whose id goes under `<owner>_id` (invoice_id, payout_id, payment_intent_id). */
export function statusLogRecordSchema<Key extends string>(ownerIdKey: Key) {
  return z.object({ ...statusLogFields, [ownerIdKey]: z.string() } as typeof statusLogFields & { [K in Key]: z.ZodString });
}
export type StatusLogRecord = z.infer<z.ZodObject<typeof statusLogFields>> & { [ownerIdKey: `${string}_id`]: string };

/** A status log row as spec 2.6 shows it, the owner's id under `invoice_id` or `payout_id`. */
export function serializeStatusLog(log: StatusLogRow): StatusLogRecord {
  return {
    id: log.id,
    [`${log.ownerType}_id`]: log.ownerId,
    from_status: log.fromStatus,
    to_status: log.toStatus,
    operator_uid: log.operatorUid,
    reason: log.reason,
    created_at: log.createdAt.toISOString(),
  } as StatusLogRecord;
}
