// The one way a workflow record comes into being: the record, the payment intent it owns and the
// creation's status log row (from "" to its first status), written together by a single INSERT
// statement of three data-modifying CTEs. Creations write no webhook event: the creating call's
// response already carries the record, so events start with its first status change.
import { getTableColumns } from "drizzle-orm";
import type { PgColumn, PgInsertValue } from "drizzle-orm/pg-core";
import { invoices, paymentIntents, statusLogs } from "@/lib/studio/db/schema";
import { oneStatementScope } from "@/lib/studio/unit-of-work";
import type { Intent, Owner, OwnerTable } from "@/lib/studio/workflow/owner";

type NewPaymentIntent = typeof paymentIntents.$inferInsert;

/**
 * Inserts `record` with its payment intent and its creation log row; returns both rows as stored.
 *
 * One statement is atomic by itself, so without an open unit of work (a POST without an
 * Idempotency-Key) it commits on its own: no BEGIN and COMMIT round trips, and the organization's
 * record counter (taken by the record's number column) is held only while the database finishes
 * the statement, never across a round trip to this server. Inside a unit of work it is one more
 * statement of that transaction.
 */
export async function insertCreated<T extends OwnerTable>(
  owner: Owner<T, string, string, unknown>,
  input: { record: PgInsertValue<T> & { id: string; orgId: number; status: string }; paymentIntent: NewPaymentIntent; operatorUid: string; now: Date },
): Promise<Intent<T>> {
  const database = await oneStatementScope();
  // Every owner table has the columns used here; drizzle cannot type an insert into a union of tables.
  const table = owner.table as typeof invoices;
  const { record } = input;
  const payment = database.$with("created_payment").as(database.insert(paymentIntents).values(input.paymentIntent).returning());
  const log = database.$with("created_log").as(
    database.insert(statusLogs).values({
      orgId: record.orgId,
      ownerType: owner.type,
      ownerId: record.id,
      fromStatus: "",
      toStatus: record.status,
      operatorUid: input.operatorUid,
      reason: "created",
      createdAt: input.now,
    }),
  );
  const created = database.$with("created_record").as(database.insert(table).values(record as PgInsertValue<typeof invoices>).returning());
  const [row] = await database
    .with(payment, log, created)
    .select({ row: columnsOf(created, table), paymentIntent: columnsOf(payment, paymentIntents) })
    .from(created)
    .crossJoin(payment);
  if (!row) throw new Error(`${owner.type} insert returned no row`);
  return row as unknown as Intent<T>;
}

/** A CTE's columns by the table's field names, so its rows map back to the table's row type. */
function columnsOf(cte: object, table: typeof invoices | typeof paymentIntents): Record<string, PgColumn> {
  const fields = cte as Record<string, PgColumn>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((name) => [name, fields[name]!]));
}
