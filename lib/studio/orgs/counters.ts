import { sql, type SQL } from "drizzle-orm";

/**
 * The next human-readable number of the organization's records (`INV-2026-000042`,
 * `PO-2026-000007`), as the value of the record's number column in its INSERT: the database
 * function (migration 0014) increments the organization's counter inside that statement. The
 * counter row is then locked from the insert to the commit: one round trip to the app server (the
 * COMMIT's) instead of two, and the insert goes last in the create's transaction for the same
 * reason. Concurrent creates in one organization still queue on it (README, issue 10's figures).
 */
export function nextRecordNumber(orgId: number, kind: "invoice" | "payout", now: Date): SQL<string> {
  return sql<string>`studio_next_record_number(${orgId}::integer, ${kind}::text, ${now.getUTCFullYear()}::integer)`;
}
