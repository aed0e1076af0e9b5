// Idempotency claims against a real database on each driver: a claim left behind by a process
// that died mid-request stops blocking its key after two minutes; a live one keeps blocking.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, withStudio, type Target } from "./support";

function post(key: string) {
  return new Request("http://studio.test/v1/studio/api/invoice/intent/inv_x/cancel", {
    method: "POST",
    headers: { "idempotency-key": key },
  });
}

describe.each(drivers)("idempotency claims on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "idem");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("re-runs a request whose earlier claim was abandoned, but not one still in progress", async () => {
    await withStudio(
      target,
      async (client) => {
        const { idempotencyKeys } = await import("@/lib/studio/db/schema");
        const { withIdempotency } = await import("@/lib/studio/http/idempotency");
        const principal = { uid: "usr_idem", name: "", email: "", orgId: 1, orgName: "", permissions: [], keyId: "k" };
        const database = await client.db();
        const body = null;
        const { createHash } = await import("node:crypto");
        const hash = createHash("sha256").update(`POST /v1/studio/api/invoice/intent/inv_x/cancel\n${JSON.stringify(body)}`).digest("hex");
        await database.insert(idempotencyKeys).values([
          { userUid: principal.uid, key: "abandoned", requestHash: hash, createdAt: new Date(Date.now() - 3 * 60 * 1000) },
          { userUid: principal.uid, key: "in-flight", requestHash: hash, createdAt: new Date(Date.now() - 10 * 1000) },
        ]);
        let runs = 0;
        const run = async () => {
          runs += 1;
          return Response.json({ code: 0, data: { run: runs } });
        };
        const finish = (response: Response) => response;

        const resumed = await withIdempotency(principal, post("abandoned"), body, run, finish);
        expect(resumed.status).toBe(200);
        expect(await resumed.json()).toEqual({ code: 0, data: { run: 1 } });
        const replay = await withIdempotency(principal, post("abandoned"), body, run, finish);
        expect(replay.headers.get("idempotent-replayed")).toBe("true");
        expect(runs).toBe(1);

        await expect(withIdempotency(principal, post("in-flight"), body, run, finish)).rejects.toMatchObject({
          kind: "lost_race",
        });
        expect(runs).toBe(1);
      },
      { SEED_DEMO: "0" },
    );
  });
});
