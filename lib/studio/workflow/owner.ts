import "server-only";
// A workflow owner: a record (invoice, payout, standalone payment) that owns one payment intent and moves
// through its own state table. The shared verbs (lock, transition, record a transfer) take the
// owner as data, so each domain keeps only its own rules.
import { and, eq, getTableName, sql, type SQL } from "drizzle-orm";
import { statementName, type DbOrTx, type Tx } from "@/lib/db/client";
import { type invoices } from "@/lib/studio/db/invoices-schema";
import { paymentIntents, type standalonePaymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { type payouts } from "@/lib/studio/db/payouts-schema";
import { notFound } from "@/lib/studio/core/errors";
import type { SendSender } from "@/lib/studio/chain/adapter";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";
import type { StateMachine } from "@/lib/studio/workflow/state-machine";

/** The owners a person creates and reviews (recipient, creator, approval): invoices and payouts. */
export type ReviewedOwnerTable = typeof invoices | typeof payouts;
export type OwnerTable = ReviewedOwnerTable | typeof standalonePaymentIntents;
export type OwnerType = "invoice" | "payout" | "payment_intent";

export type Owner<Table extends OwnerTable, Status extends string, Action extends string, Record> = {
  type: OwnerType;
  /** How errors name one: "Invoice intent", "Payout intent", "Payment intent". */
  label: string;
  table: Table;
  machine: StateMachine<Status, Action>;
  serialize(row: Table["$inferSelect"], paymentIntent: PaymentIntentRow): Record;
  /** What the owner does once a deposit moved its status (a funded payout sends its net out). */
  onFunded?(tx: Tx, intent: Intent<Table>, now: Date): Promise<Intent<Table>>;
  /**
   * What the owner does before its funds go back, and where they are: a settled standalone payment
   * leaves the balance, its funds already swept into the treasury. Without it: the deposit address.
   */
  onRefund?(tx: Tx, intent: Intent<Table>, now: Date): Promise<SendSender>;
};

// Any owner, whatever its status, action and record types (for code that handles every owner alike).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOwner = Owner<OwnerTable, string, any, unknown>;

/** What a list's free-text search looks in on every owner: its id, payment intent and recipient. */
export function ownerSearchColumns(table: ReviewedOwnerTable) {
  return [table.id, table.paymentIntentId, table.recipientName, table.recipientEmail, table.organizationName, table.organizationEmail];
}

/** An owner's row with its payment intent: what every verb reads and changes. */
export type Intent<Table extends OwnerTable> = {
  row: Table["$inferSelect"];
  paymentIntent: PaymentIntentRow;
  /**
   * The record as this request found it before it waited for the row lock, when that differs from
   * the locked row: a concurrent change committed meanwhile (decides 40901 over 40900).
   */
  seenBeforeLock?: { status: string; paymentIntent: PaymentIntentRow };
};

/** One record of one organization; another organization's id is indistinguishable from an unknown one. */
export async function getIntentOrThrow<T extends OwnerTable>(
  database: DbOrTx,
  owner: Owner<T, string, string, unknown>,
  orgId: number,
  id: string,
): Promise<Intent<T>> {
  const [found] = await preparedGet(database, owner.table as typeof invoices).execute({ id, orgId });
  if (!found) throw notFound(`${owner.label} ${id}`);
  return found as Intent<T>;
}

// Every GET of one record runs this query: built and prepared once per database handle and owner
// table instead of per request (bench/: building it was a visible share of a GET's CPU).
const preparedGets = new WeakMap<DbOrTx, Map<OwnerTable, ReturnType<typeof prepareGet>>>();

function prepareGet(database: DbOrTx, table: typeof invoices) {
  return database
    .select({ row: table, paymentIntent: paymentIntents })
    .from(table)
    .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
    .where(and(eq(table.id, sql.placeholder("id")), eq(table.orgId, sql.placeholder("orgId"))))
    .limit(1)
    .prepare(statementName(`studio_get_${getTableName(table)}`));
}

function preparedGet(database: DbOrTx, table: typeof invoices) {
  let byTable = preparedGets.get(database);
  if (!byTable) preparedGets.set(database, (byTable = new Map()));
  let statement = byTable.get(table);
  if (!statement) byTable.set(table, (statement = prepareGet(database, table)));
  return statement;
}

/**
 * The same, with both rows locked until the transaction ends: every status change starts here.
 * The record is read once before the lock is taken, so a request that then waited for a
 * concurrent change to commit knows what it came for (see `seenBeforeLock`).
 */
export async function lockIntentOrThrow<T extends OwnerTable>(
  tx: Tx,
  owner: Owner<T, string, string, unknown>,
  orgId: number,
  id: string,
): Promise<Intent<T>> {
  const where = and(eq(owner.table.id, id), eq(owner.table.orgId, orgId));
  const seen = await findIntent(tx, owner, where, false);
  const found = seen && (await findIntent(tx, owner, where, true));
  if (!found) throw notFound(`${owner.label} ${id}`);
  if (seen.row.status === found.row.status) return found;
  return { ...found, seenBeforeLock: { status: seen.row.status, paymentIntent: seen.paymentIntent } };
}

/** The record of organization `orgId` that owns payment intent `paymentIntentId`; undefined when this owner has none. */
export function findIntentByPayment<T extends OwnerTable>(
  database: DbOrTx,
  owner: Owner<T, string, string, unknown>,
  orgId: number,
  paymentIntentId: string,
): Promise<Intent<T> | undefined> {
  return findIntent(database, owner, and(eq(owner.table.paymentIntentId, paymentIntentId), eq(owner.table.orgId, orgId)), false);
}

/** The record that owns payment intent `paymentIntentId`, locked; undefined when this owner has none. */
export function lockIntentByPayment<T extends OwnerTable>(
  tx: Tx,
  owner: Owner<T, string, string, unknown>,
  paymentIntentId: string,
): Promise<Intent<T> | undefined> {
  return findIntent(tx, owner, eq(owner.table.paymentIntentId, paymentIntentId), true);
}

async function findIntent<T extends OwnerTable>(
  database: DbOrTx,
  owner: Owner<T, string, string, unknown>,
  where: SQL | undefined,
  lock: boolean,
): Promise<Intent<T> | undefined> {
  // Every owner table has the columns used here; drizzle cannot type a query over a union of tables.
  const table = owner.table as typeof invoices;
  const query = database
    .select({ row: table, paymentIntent: paymentIntents })
    .from(table)
    .innerJoin(paymentIntents, eq(paymentIntents.id, table.paymentIntentId))
    .where(where)
    .limit(1);
  const [found] = lock ? await query.for("update") : await query;
  return found as Intent<T> | undefined;
}
