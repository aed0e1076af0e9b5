import "server-only";
import { sql, type Placeholder, type SQL } from "drizzle-orm";

/**
 * The next human-readable number of the organization's records of `year` (`INV-2026-000042`,
 * `PO-2026-000007`), as the value of the record's number column in its INSERT, whose prepared
 * statement gives `orgId` and `year`. The database function (migration 0014) increments the
 * organization's counter inside that statement, and the counter row stays locked until the
 * transaction ends. A create outside a unit of work is that one statement (workflow/create.ts),
 * so the lock is held only while the database finishes it.
 */
export function nextRecordNumber(kind: RecordKind, orgId: Placeholder, year: Placeholder): SQL<string> {
  return sql<string>`studio_next_record_number(${orgId}::integer, ${kind}::text, ${year}::integer)`;
}

export type RecordKind = "invoice" | "payout";
