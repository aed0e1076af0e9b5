import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/errors";

const RETENTION_MS = 24 * 60 * 60 * 1000;
// No request runs this long; a claim still unanswered after it belongs to a process that died
// mid-request, and would otherwise block the key for a day.
const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

/**
 * Idempotency-Key on POST (product-decisions §6): the first request with a key is run and its
 * response kept for 24 h per API user; a replay returns that response marked
 * `Idempotent-Replayed: true`; the same key with another request is 409/40902.
 */
export async function withIdempotency(
  principal: Principal,
  request: Request,
  body: unknown,
  run: () => Promise<Response>,
  finish: (response: Response) => Response,
): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (key === null) return run();
  if (key.length < 1 || key.length > 255) {
    throw new StudioError("validation", "Idempotency-Key must be 1 to 255 characters", [
      { field: "Idempotency-Key", message: "must be 1 to 255 characters" },
    ]);
  }
  const requestHash = createHash("sha256")
    .update(`${request.method} ${new URL(request.url).pathname}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
  const database = await db();
  const scope = and(eq(idempotencyKeys.userUid, principal.uid), eq(idempotencyKeys.key, key));
  const now = Date.now();
  await database
    .delete(idempotencyKeys)
    .where(
      and(
        scope,
        or(
          lt(idempotencyKeys.createdAt, new Date(now - RETENTION_MS)),
          and(isNull(idempotencyKeys.responseStatus), lt(idempotencyKeys.createdAt, new Date(now - ABANDONED_CLAIM_MS))),
        ),
      ),
    );
  const claimed = await database
    .insert(idempotencyKeys)
    .values({ userUid: principal.uid, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [previous] = await database.select().from(idempotencyKeys).where(scope).limit(1);
    if (!previous || previous.requestHash !== requestHash) {
      throw new StudioError("idempotency_mismatch", "This Idempotency-Key was already used with a different request");
    }
    if (previous.responseStatus === null || previous.responseBody === null) {
      throw new StudioError("lost_race", "A request with this Idempotency-Key is still in progress; retry shortly");
    }
    return finish(
      new Response(previous.responseBody, {
        status: previous.responseStatus,
        headers: { "content-type": "application/json; charset=utf-8", "idempotent-replayed": "true" },
      }),
    );
  }

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await database.delete(idempotencyKeys).where(scope);
    throw error;
  }
  if (response.status >= 500) {
    // A failure the caller should be able to retry with the same key.
    await database.delete(idempotencyKeys).where(scope);
    return response;
  }
  const text = await response.clone().text();
  await database.update(idempotencyKeys).set({ responseStatus: response.status, responseBody: text }).where(scope);
  return response;
}
