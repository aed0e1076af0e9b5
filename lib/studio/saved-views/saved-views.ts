import "server-only";
// Saved views (issue 27, extension): a person names a list's filters and sort and gets them back
// in one click, from any browser. Each view belongs to the key's person; nobody else reads it.
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { savedViews } from "@/lib/studio/db/saved-views-schema";
import { fieldError, notFound, StudioError } from "@/lib/studio/core/errors";
import { newId } from "@/lib/studio/core/ids";
import { invoiceListQuerySchema } from "@/lib/studio/invoices/schemas";
import { payoutListQuerySchema } from "@/lib/studio/payouts/schemas";
import { paymentIntentListQuerySchema } from "@/lib/studio/standalone-payments/schemas";
import { SAVED_VIEWS_PER_LIST, type SavedViewCreate, type SavedViewList, type SavedViewRecord } from "@/lib/studio/saved-views/schemas";
import { inTransaction } from "@/lib/studio/core/unit-of-work";

/** Each list's own query schema: a view holds only what that list would accept. */
const LIST_QUERIES: Record<SavedViewList, z.ZodObject> = {
  invoices: invoiceListQuerySchema,
  payouts: payoutListQuerySchema,
  payment_intents: paymentIntentListQuerySchema,
};
/** Where a list is, not what it shows: a view opens on its first page. */
const PAGE_PARAMETERS = new Set(["page", "starting_after"]);

type Row = typeof savedViews.$inferSelect;

const serialize = (row: Row): SavedViewRecord => ({ id: row.id, list: row.list as SavedViewList, name: row.name, query: row.query, created_at: row.createdAt.toISOString() });

export async function listSavedViews(input: { principal: Principal; list: SavedViewList }): Promise<SavedViewRecord[]> {
  const database = await db();
  const rows = await database
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.orgId, input.principal.orgId), eq(savedViews.userUid, input.principal.uid), eq(savedViews.list, input.list)))
    .orderBy(asc(savedViews.name));
  return rows.map(serialize);
}

export function createSavedView(input: { principal: Principal; body: SavedViewCreate; now?: Date }): Promise<SavedViewRecord> {
  const { principal, body } = input;
  const query = checkedQuery(body.list, body.query);
  return inTransaction(async (tx) => {
    const mine = and(eq(savedViews.orgId, principal.orgId), eq(savedViews.userUid, principal.uid), eq(savedViews.list, body.list));
    // The person's views of this list, locked: two saves at once cannot both pass the count or the name.
    const existing = await tx.select({ name: savedViews.name }).from(savedViews).where(mine).for("update");
    if (existing.some((view) => view.name === body.name)) throw new StudioError("invalid_state", `You already have a view named "${body.name}" of ${body.list}; delete it first or choose another name`);
    if (existing.length >= SAVED_VIEWS_PER_LIST) throw new StudioError("business_rule", `You have ${SAVED_VIEWS_PER_LIST} views of ${body.list}, the most one person keeps; delete one first`);
    const [row] = await tx
      .insert(savedViews)
      .values({ id: newId("view"), orgId: principal.orgId, userUid: principal.uid, list: body.list, name: body.name, query, createdAt: input.now ?? new Date() })
      .onConflictDoNothing()
      .returning();
    // The person's first view of a list had nothing to lock: a concurrent first save of the same name meets the unique index.
    if (!row) throw new StudioError("invalid_state", `You already have a view named "${body.name}" of ${body.list}; delete it first or choose another name`);
    return serialize(row);
  });
}

export async function deleteSavedView(input: { principal: Principal; id: string }): Promise<SavedViewRecord> {
  const database = await db();
  const [row] = await database
    .delete(savedViews)
    .where(and(eq(savedViews.id, input.id), eq(savedViews.orgId, input.principal.orgId), eq(savedViews.userUid, input.principal.uid)))
    .returning();
  if (!row) throw notFound(`Saved view ${input.id}`);
  return serialize(row);
}

/** The query string as the list would take it, parameters in a stable order; else 400 naming `query`. */
function checkedQuery(list: SavedViewList, text: string): string {
  const params = new URLSearchParams(text.startsWith("?") ? text.slice(1) : text);
  const schema = LIST_QUERIES[list];
  const accepted = new Set(Object.keys(schema.shape));
  const keys = [...new Set(params.keys())];
  const refused = keys.filter((key) => PAGE_PARAMETERS.has(key) || !accepted.has(key));
  if (refused.length) throw fieldError("query", `${refused.join(", ")} ${refused.length === 1 ? "is" : "are"} not a filter or sort of ${list}`);
  const repeated = keys.filter((key) => params.getAll(key).length > 1);
  if (repeated.length) throw fieldError("query", `${repeated.join(", ")} appears more than once`);
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError("query", `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  params.sort();
  return params.toString();
}
