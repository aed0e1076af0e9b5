// Idempotency keys live in the transaction that makes the change, on each driver: a claim whose
// transaction rolled back (an error, a crash) leaves nothing behind, a committed one replays its
// response, a concurrent duplicate waits for the first, and rows past 24 h are purged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, queryRows, someoneWaitsForALock, withStudio, type Target } from "./support";

function post(key: string, body: unknown = null) {
  return {
    request: new Request("http://studio.test/v1/studio/api/invoice/intent/inv_x/cancel", { method: "POST", headers: { "idempotency-key": key } }),
    body,
  };
}

const principal = { uid: "usr_idem", name: "", email: "", orgId: 1, orgName: "", permissions: [], keyId: "k" };

describe.each(drivers)("idempotency claims on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "idem");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("frees a key whose transaction rolled back, replays a committed one, refuses another body", async () => {
    await withStudio(
      target,
      async () => {
        const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
        const { claimIdempotencyKey, idempotentRequest, storeIdempotentResponse } = await import("@/lib/studio/http/idempotency");
        const { request, body } = post("k-rollback");
        const key = idempotentRequest(principal, request, body)!;

        await expect(
          unitOfWork(async (tx) => {
            expect(await claimIdempotencyKey(tx, key)).toBeNull();
            throw new Error("crash after the change");
          }),
        ).rejects.toThrow("crash after the change");

        const first = await unitOfWork(async (tx) => {
          expect(await claimIdempotencyKey(tx, key)).toBeNull();
          const response = Response.json({ code: 0, data: { run: 1 } });
          await storeIdempotentResponse(tx, key, response);
          return response;
        });
        expect(await first.json()).toEqual({ code: 0, data: { run: 1 } });

        const replay = await unitOfWork((tx) => claimIdempotencyKey(tx, key));
        expect(replay?.headers.get("idempotent-replayed")).toBe("true");
        expect(await replay?.json()).toEqual({ code: 0, data: { run: 1 } });

        const other = post("k-rollback", { reason: "another body" });
        await expect(unitOfWork((tx) => claimIdempotencyKey(tx, idempotentRequest(principal, other.request, other.body)!))).rejects.toMatchObject({
          kind: "idempotency_mismatch",
        });
      },
      { SEED_DEMO: "0" },
    );
  });

  it("runs a key again once its response is past the 24 h retention, and the purge removes such rows", async () => {
    await withStudio(
      target,
      async (client) => {
        const { and, eq, inArray } = await import("drizzle-orm");
        const { idempotencyKeys } = await import("@/lib/studio/db/http-schema");
        const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
        const { claimIdempotencyKey, idempotentRequest, purgeIdempotencyKeys } = await import("@/lib/studio/http/idempotency");
        const database = await client.db();
        const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
        const { request, body } = post("k-old");
        const key = idempotentRequest(principal, request, body)!;
        await database.insert(idempotencyKeys).values([
          { ...key, responseStatus: 200, responseBody: "{}", createdAt: old },
          { ...key, key: "k-old-2", responseStatus: 200, responseBody: "{}", createdAt: old },
          { ...key, key: "k-fresh", responseStatus: 200, responseBody: "{}" },
        ]);
        await expect(unitOfWork((tx) => claimIdempotencyKey(tx, key))).resolves.toBeNull();
        expect(await unitOfWork((tx) => purgeIdempotencyKeys(tx))).toBe(1);
        const left = await database
          .select({ key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userUid, principal.uid), inArray(idempotencyKeys.key, ["k-old", "k-old-2", "k-fresh"])));
        expect(left.map((row) => row.key).sort()).toEqual(["k-fresh", "k-old"]);
      },
      { SEED_DEMO: "0" },
    );
  });

  it("a sweep round forgets a response stored 24 h ago, so its key acts anew; one just under 24 h old is still replayed", async () => {
    await withStudio(
      target,
      async (client) => {
        const { sql } = await import("drizzle-orm");
        const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
        const { claimIdempotencyKey, idempotentRequest, storeIdempotentResponse, IDEMPOTENCY_RETENTION_MS } = await import("@/lib/studio/http/idempotency");
        const { backgroundRound } = await import("@/lib/studio/process/sweeper");
        const answer = async (name: string, run: string) => {
          const key = idempotentRequest(principal, post(name).request, null)!;
          const replay = await unitOfWork(async (tx) => {
            const stored = await claimIdempotencyKey(tx, key);
            if (!stored) await storeIdempotentResponse(tx, key, Response.json({ code: 0, data: { run } }));
            return stored;
          });
          return { replayed: replay?.headers.get("idempotent-replayed") === "true", body: replay ? await replay.json() : { code: 0, data: { run } } };
        };
        const age = (name: string, ms: number) =>
          queryRows(client, sql`UPDATE idempotency_keys SET created_at = ${new Date(Date.now() - ms).toISOString()}::timestamptz WHERE user_uid = ${principal.uid} AND key = ${name} RETURNING key`);
        const stored = async (name: string) =>
          (await queryRows(client, sql`SELECT key FROM idempotency_keys WHERE user_uid = ${principal.uid} AND key = ${name}`)).length;

        for (const name of ["k-day-old", "k-almost-day-old"]) expect(await answer(name, "first")).toEqual({ replayed: false, body: { code: 0, data: { run: "first" } } });
        expect(await age("k-day-old", IDEMPOTENCY_RETENTION_MS + 60_000)).toHaveLength(1);
        expect(await age("k-almost-day-old", IDEMPOTENCY_RETENTION_MS - 60_000)).toHaveLength(1);

        await backgroundRound();
        expect(await stored("k-day-old")).toBe(0);
        expect(await stored("k-almost-day-old")).toBe(1);

        expect(await answer("k-day-old", "second")).toEqual({ replayed: false, body: { code: 0, data: { run: "second" } } });
        expect(await answer("k-almost-day-old", "second")).toEqual({ replayed: true, body: { code: 0, data: { run: "first" } } });
      },
      { SEED_DEMO: "0" },
    );
  });

  it.runIf(driver === "postgres")(
    "makes a concurrent duplicate wait for the first transaction and replay its response (PostgreSQL only: PGlite runs one transaction at a time)",
    async () => {
      await withStudio(
        target,
        async () => {
          const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
          const { claimIdempotencyKey, idempotentRequest, storeIdempotentResponse } = await import("@/lib/studio/http/idempotency");
          const { request, body } = post("k-concurrent");
          const key = idempotentRequest(principal, request, body)!;
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          // Set as the first transaction's work ends, just before its COMMIT is sent: the duplicate's
          // claim cannot return before that COMMIT, while a flag set once the commit's answer came
          // back could still lose the race against the duplicate's answer.
          let firstFinished = false;
          let markClaimed!: () => void;
          const claimed = new Promise<void>((resolve) => (markClaimed = resolve));
          const first = unitOfWork(async (tx) => {
            expect(await claimIdempotencyKey(tx, key)).toBeNull();
            markClaimed();
            await held;
            await storeIdempotentResponse(tx, key, Response.json({ code: 0, data: { run: "first" } }));
            firstFinished = true;
          });
          await claimed;
          const duplicate = unitOfWork(async (tx) => {
            const replay = await claimIdempotencyKey(tx, key);
            return { firstFinishedBefore: firstFinished, body: await replay?.json() };
          });
          // The duplicate's claim is blocked on the first one's before the first may commit.
          await someoneWaitsForALock(target.databaseUrl!);
          release();
          await first;
          expect(await duplicate).toEqual({ firstFinishedBefore: true, body: { code: 0, data: { run: "first" } } });
        },
        { SEED_DEMO: "0" },
      );
    },
  );
});
