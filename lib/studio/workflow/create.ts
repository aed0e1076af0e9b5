import "server-only";
// The one way a workflow record comes into being: the record, the payment intent it owns and the
// creation's status log row (from "" to its first status), written together by a single INSERT
// statement of three data-modifying CTEs. Creations write no webhook event: the creating call's
// response already carries the record, so events start with its first status change.
import { createHash } from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgInsertValue } from "drizzle-orm/pg-core";
import { statementName, type DbOrTx } from "@/lib/db/client";
import { invoices } from "@/lib/studio/db/invoices-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { statusLogs } from "@/lib/studio/db/workflow-schema";
import { nextRecordNumber, type RecordKind } from "@/lib/studio/orgs/counters";
import { oneStatementScope } from "@/lib/studio/core/unit-of-work";
import type { Intent, Owner, OwnerTable, OwnerType } from "@/lib/studio/workflow/owner";

type NewPaymentIntent = typeof paymentIntents.$inferInsert;

// The owners with a human-readable number, and the column that holds it.
const NUMBERED: Partial<Record<OwnerType, { column: "invoiceNumber" | "payoutNumber"; kind: RecordKind }>> = {
  invoice: { column: "invoiceNumber", kind: "invoice" },
  payout: { column: "payoutNumber", kind: "payout" },
};

/** A new record's values: everything but its number, which the statement takes from the organization's counter. */
type NewRecord<T extends OwnerTable> = Omit<T["$inferInsert"], "invoiceNumber" | "payoutNumber"> & { id: string; orgId: number; status: string };

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
  input: { record: NewRecord<T>; paymentIntent: NewPaymentIntent; operatorUid: string; now: Date },
): Promise<Intent<T>> {
  const database = await oneStatementScope();
  const record = definedValues(input.record);
  const payment = definedValues(input.paymentIntent);
  const statement = preparedCreate(database, owner, Object.keys(record), Object.keys(payment));
  const [row] = await statement.execute({
    ...placeholderValues("record", record),
    ...placeholderValues("payment", payment),
    operator: input.operatorUid,
    now: input.now,
    year: input.now.getUTCFullYear(),
  });
  if (!row) throw new Error(`${owner.type} insert returned no row`);
  return row as unknown as Intent<T>;
}

// Building this statement cost about as much CPU as the rest of a create request (bench/: 0.9 ms
// of 1.9 ms), so it is built once per database handle and shape (which columns are given) and
// runs as a named prepared statement with every value a placeholder.
const preparedCreates = new WeakMap<DbOrTx, Map<string, ReturnType<typeof prepareCreate>>>();

function preparedCreate(database: DbOrTx, owner: Owner<OwnerTable, string, string, unknown>, recordKeys: string[], paymentKeys: string[]) {
  const shape = `${owner.type}|${recordKeys.join(",")}|${paymentKeys.join(",")}`;
  let byShape = preparedCreates.get(database);
  if (!byShape) preparedCreates.set(database, (byShape = new Map()));
  let statement = byShape.get(shape);
  if (!statement) byShape.set(shape, (statement = prepareCreate(database, owner, recordKeys, paymentKeys, shape)));
  return statement;
}

function prepareCreate(
  database: DbOrTx,
  owner: Owner<OwnerTable, string, string, unknown>,
  recordKeys: string[],
  paymentKeys: string[],
  shape: string,
) {
  // Every owner table has the columns used here; drizzle cannot type an insert into a union of tables.
  const table = owner.table as typeof invoices;
  const numbered = NUMBERED[owner.type];
  const recordValues: Record<string, unknown> = placeholders("record", recordKeys);
  if (numbered) recordValues[numbered.column] = nextRecordNumber(numbered.kind, sql.placeholder("record_orgId"), sql.placeholder("year"));
  const payment = database
    .$with("created_payment")
    .as(database.insert(paymentIntents).values(placeholders("payment", paymentKeys) as PgInsertValue<typeof paymentIntents>).returning());
  const log = database.$with("created_log").as(
    database.insert(statusLogs).values({
      orgId: sql.placeholder("record_orgId"),
      ownerType: owner.type,
      ownerId: sql.placeholder("record_id"),
      fromStatus: "",
      toStatus: sql.placeholder("record_status"),
      operatorUid: sql.placeholder("operator"),
      reason: "created",
      createdAt: sql.placeholder("now"),
    }),
  );
  const created = database.$with("created_record").as(database.insert(table).values(recordValues as PgInsertValue<typeof invoices>).returning());
  return database
    .with(payment, log, created)
    .select({ row: columnsOf(created, table), paymentIntent: columnsOf(payment, paymentIntents) })
    .from(created)
    .crossJoin(payment)
    .prepare(statementName(`studio_create_${owner.type}_${createHash("sha256").update(shape).digest("hex").slice(0, 12)}`));
}

/** The given values (undefined ones take the column's default, as in any insert). */
function definedValues(values: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

function placeholders(prefix: string, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}_${key}`)]));
}

function placeholderValues(prefix: string, values: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}_${key}`, value]));
}

/** A CTE's columns by the table's field names, so its rows map back to the table's row type. */
function columnsOf(cte: object, table: typeof invoices | typeof paymentIntents): Record<string, PgColumn> {
  const fields = cte as Record<string, PgColumn>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((name) => [name, fields[name]!]));
}
