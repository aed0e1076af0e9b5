import type { statusLogs } from "@/lib/studio/db/schema";

type StatusLogRow = typeof statusLogs.$inferSelect;

/** A status log row as spec 2.6 shows it, the owner's id under `invoice_id` or `payout_id`. */
export function serializeStatusLog(log: StatusLogRow) {
  return {
    id: log.id,
    [`${log.ownerType}_id`]: log.ownerId,
    from_status: log.fromStatus,
    to_status: log.toStatus,
    operator_uid: log.operatorUid,
    reason: log.reason,
    created_at: log.createdAt.toISOString(),
  };
}
