import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/studio/db/http-schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/core/errors";

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export type IdempotentRequest = { userUid: string; key: string; requestHash: string };

/** The request's Idempotency-Key (1–255 characters), or null when it sent none. */
export function idempotentRequest(principal: Principal, request: Request, body: unknown): IdempotentRequest | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (key.length < 1 || key.length > 255) {
    throw new StudioError("validation", "Idempotency-Key must be 1 to 255 characters", [
      { field: "Idempotency-Key", message: "must be 1 to 255 characters" },
    ]);
  }
  const requestHash = createHash("sha256")
    .update(`${request.method} ${new URL(request.url).pathname}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
  return { userUid: principal.uid, key, requestHash };
}

/**
 * Idempotency-Key on POST (product-decisions §6), inside the transaction that makes the change:
 * the key is claimed first, so a concurrent duplicate waits on the claim until this transaction
 * commits (and then replays its response) or rolls back (and then runs itself). Response and
 * change commit together; a crash loses both, and the retry simply runs. Returns the stored
 * response to replay, or null when this request holds the claim and must run.
 */
export async function claimIdempotencyKey(tx: Tx, request: IdempotentRequest, now = new Date()): Promise<Response | null> {
  const scope = and(eq(idempotencyKeys.userUid, request.userUid), eq(idempotencyKeys.key, request.key));
  await tx.delete(idempotencyKeys).where(and(scope, lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS))));
  const claimed = await tx
    .insert(idempotencyKeys)
    // Placeholders, invisible to others: storeIdempotentResponse fills them before the commit.
    .values({ userUid: request.userUid, key: request.key, requestHash: request.requestHash, responseStatus: 0, responseBody: "" })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;

  const [previous] = await tx.select().from(idempotencyKeys).where(scope).limit(1);
  if (!previous) {
    // Only a row older than the retention, deleted by a concurrent request after our conflict.
    throw new StudioError("lost_race", "A request with this Idempotency-Key changed concurrently; retry");
  }
  if (previous.requestHash !== request.requestHash) {
    throw new StudioError("idempotency_mismatch", "This Idempotency-Key was already used with a different request");
  }
  return new Response(previous.responseBody, {
    status: previous.responseStatus,
    headers: { "content-type": "application/json; charset=utf-8", "idempotent-replayed": "true" },
  });
}

export async function storeIdempotentResponse(tx: Tx, request: IdempotentRequest, response: Response): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: await response.clone().text() })
    .where(and(eq(idempotencyKeys.userUid, request.userUid), eq(idempotencyKeys.key, request.key)));
}

/** Forgets responses past the 24 h retention (the sweeper calls this). */
export async function purgeIdempotencyKeys(tx: Tx, now = new Date()): Promise<number> {
  const purged = await tx
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
