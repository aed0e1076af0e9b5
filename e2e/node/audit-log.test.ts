// The audit log on a database of its own, on each driver (issue 13): the database refuses any
// edit or deletion of its rows, a row is written in the transaction of the change it records (a
// change that rolls back leaves none), and the operator's changes (seed, CLI verbs) name no actor.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, queryRows, withStudio, type Target } from "./support";

describe.each(drivers)("audit log on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "audit");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("refuses UPDATE and DELETE of its rows; a rolled-back change leaves no row; operator rows have no actor", { timeout: 240_000 }, async () => {
    await withStudio(
      target,
      async (client) => {
        const { orgId, principal } = await bootedDemoOrg(target);
        const database = await client.db();
        const count = async () => (await queryRows<{ n: number }>(client, sql`SELECT count(*)::int AS n FROM audit_log`))[0]?.n ?? 0;

        // The seed is the operator: its users and keys were recorded without an actor.
        const seeded = await queryRows<{ action: string; actor_uid: string | null }>(
          client,
          sql`SELECT action, actor_uid FROM audit_log WHERE org_id = ${orgId} AND action IN ('user.created', 'api_key.created')`,
        );
        expect(seeded).toHaveLength(8);
        expect(seeded.every((row) => row.actor_uid === null)).toBe(true);

        const before = await count();
        await expect(database.execute(sql`UPDATE audit_log SET actor_uid = 'usr_someone_else' WHERE org_id = ${orgId}`)).rejects.toThrow();
        await expect(database.execute(sql`UPDATE audit_log SET details = '{}'::jsonb`)).rejects.toThrow();
        await expect(database.execute(sql`DELETE FROM audit_log WHERE org_id = ${orgId}`)).rejects.toThrow();
        expect(await count()).toBe(before);
        expect(await queryRows(client, sql`SELECT 1 FROM audit_log WHERE actor_uid = 'usr_someone_else'`)).toEqual([]);

        // A change whose transaction fails after the verb wrote its row leaves neither.
        const { unitOfWork } = await import("@/lib/studio/core/unit-of-work");
        const { updateUser } = await import("@/lib/studio/orgs/operator");
        const admin = await principal("admin");
        const viewer = await principal("viewer");
        const failure = new Error("the rest of the request failed");
        await expect(
          unitOfWork(async () => {
            await updateUser({ orgId, actorUid: admin.uid, uid: viewer.uid, permissions: ["transfer:read", "transfer:sign"] });
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await count()).toBe(before);
        expect((await principal("viewer")).permissions).toEqual(["transfer:read"]);

        // The same change committed: one row, naming the admin.
        await updateUser({ orgId, actorUid: admin.uid, uid: viewer.uid, permissions: ["transfer:read", "transfer:sign"] });
        expect(await count()).toBe(before + 1);
        const [row] = await queryRows<{ actor_uid: string; action: string; object_id: string }>(
          client,
          sql`SELECT actor_uid, action, object_id FROM audit_log ORDER BY id DESC LIMIT 1`,
        );
        expect(row).toEqual({ actor_uid: admin.uid, action: "user.updated", object_id: viewer.uid });
      },
      { SEED_DEMO_INVOICES: "0" },
    );
  });
});
