import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { statusLogs } from "@/lib/studio/db/workflow-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { getIntentOrThrow, type Owner, type OwnerTable } from "@/lib/studio/workflow/owner";
import { serializeStatusLog } from "@/lib/studio/workflow/serialize";

// GET /invoice/intent/{id}/logs and /payout/intent/{id}/logs: every transition, oldest first.
export async function listStatusLogs<T extends OwnerTable>(
  owner: Owner<T, string, string, unknown>,
  input: { principal: Principal; id: string },
) {
  const database = await db();
  const { row } = await getIntentOrThrow(database, owner, input.principal.orgId, input.id);
  const logs = await database
    .select()
    .from(statusLogs)
    .where(and(eq(statusLogs.ownerType, owner.type), eq(statusLogs.ownerId, row.id)))
    .orderBy(asc(statusLogs.id));
  return logs.map((log) => serializeStatusLog(log));
}
