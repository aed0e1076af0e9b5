// The principal cache (lib/studio/auth/principal.ts) on each driver: it does cache, and no change
// to a key, user, organization or client id outlives it: principalsChanged() empties it synchronously, a
// change committed anywhere on the database reaches it through the trigger's NOTIFY, a revoked
// key fails on the next request, and while the notifications are down nothing is cached.
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, queryRows, withStudio, type Target } from "./support";

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(10);
  }
  return performance.now() - started;
}

/**
 * Waits for `condition` (a change made elsewhere becoming visible) and fails unless it holds before
 * the entry cached at `cachedAt` could have run out: then the NOTIFY brought it, not the TTL
 * backstop. A bound set by the cache's own lifetime, not by how fast a loaded machine is.
 */
async function seenBeforeTheTtl(cachedAt: number, condition: () => Promise<boolean>): Promise<void> {
  const { PRINCIPAL_TTL_MS } = await import("@/lib/studio/auth/principal");
  await until(condition, cachedAt + PRINCIPAL_TTL_MS - performance.now());
}

describe.each(drivers)("the principal cache on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "principals");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("caches, forgets on principalsChanged(), and sees a change committed elsewhere without it", { timeout: 240_000 }, async () => {
    await withStudio(target, async (client) => {
      const demo = await bootedDemoOrg(target);
      const { cacheUsable, principalsChanged, authenticate } = await import("@/lib/studio/auth/principal");
      const first = await demo.principal("viewer");
      await until(cacheUsable, 10_000);
      await demo.principal("viewer");
      const database = await client.db();
      const setPermissions = (permissions: string) =>
        database.execute(sql`UPDATE users SET permissions = ${permissions}::text[] WHERE uid = ${first.uid}`);

      // With the trigger off, a change nobody announces stays invisible: the principal is cached...
      await database.execute(sql`ALTER TABLE users DISABLE TRIGGER users_principals_changed`);
      await setPermissions("{transfer:read,transfer:create}");
      expect((await demo.principal("viewer")).permissions).toEqual(["transfer:read"]);
      // ...until the code that changed it says so: then the very next request sees it, and caches it.
      principalsChanged();
      const cachedAt = performance.now();
      expect((await demo.principal("viewer")).permissions).toEqual(["transfer:read", "transfer:create"]);
      await database.execute(sql`ALTER TABLE users ENABLE TRIGGER users_principals_changed`);

      // A change committed by another connection (another server, the CLI, psql) arrives by NOTIFY,
      // long before the TTL backstop.
      expect((await demo.principal("viewer")).permissions).toHaveLength(2);
      if (target.databaseUrl) {
        const other = new pg.Client({ connectionString: target.databaseUrl });
        await other.connect();
        await other.query("UPDATE users SET permissions = '{transfer:read}' WHERE uid = $1", [first.uid]);
        await other.end();
      } else {
        await setPermissions("{transfer:read}");
      }
      await seenBeforeTheTtl(cachedAt, async () => (await demo.principal("viewer")).permissions.length === 1);

      // Revoking a key (the operator's verb) refuses it on the very next request.
      const { createApiKey, revokeApiKey, updateUser } = await import("@/lib/studio/orgs/operator");
      const created = await createApiKey({ uid: first.uid });
      expect((await authenticate(created.key)).uid).toBe(first.uid);
      expect((await authenticate(created.key)).uid).toBe(first.uid);
      await revokeApiKey({ keyId: created.id, actorUid: null });
      await expect(authenticate(created.key)).rejects.toMatchObject({ kind: "unauthenticated" });

      // So do the team's other verbs: a disabled person's keys, then their permissions.
      await demo.principal("viewer");
      await updateUser({ uid: first.uid, disabled: true, actorUid: null });
      await expect(demo.principal("viewer")).rejects.toMatchObject({ kind: "unauthenticated" });
      await updateUser({ uid: first.uid, disabled: false, permissions: ["transfer:read", "transfer:create"], actorUid: null });
      expect((await demo.principal("viewer")).permissions).toEqual(["transfer:read", "transfer:create"]);
    });
  });

  it("keeps a client id's organization, sees a new one at once, and forgets one changed anywhere", { timeout: 240_000 }, async () => {
    await withStudio(target, async (client) => {
      const demo = await bootedDemoOrg(target);
      const { cacheUsable } = await import("@/lib/studio/auth/principal");
      const { resolveClientId } = await import("@/lib/studio/orgs/client-ids");
      const principal = await demo.principal("finance");
      await until(cacheUsable, 10_000);
      const database = await client.db();
      const clientId = `cli_cache_${Date.now()}`;
      const refused = { kind: "client_id_forbidden" };

      // An unknown id is not remembered as unknown: once it exists, the next create may use it.
      await expect(resolveClientId(principal, clientId)).rejects.toMatchObject(refused);
      await database.execute(sql`INSERT INTO client_ids (client_id, org_id) VALUES (${clientId}, ${principal.orgId})`);
      expect(await resolveClientId(principal, clientId)).toBe(clientId);

      // A known one is kept: a deletion nobody announces (trigger off) goes unseen...
      await database.execute(sql`ALTER TABLE client_ids DISABLE TRIGGER client_ids_principals_changed`);
      await database.execute(sql`DELETE FROM client_ids WHERE client_id = ${clientId}`);
      expect(await resolveClientId(principal, clientId)).toBe(clientId);
      await database.execute(sql`ALTER TABLE client_ids ENABLE TRIGGER client_ids_principals_changed`);

      // ...and a change committed by another connection arrives by NOTIFY, long before the TTL.
      await database.execute(sql`INSERT INTO client_ids (client_id, org_id) VALUES (${clientId}, ${principal.orgId})`);
      const cachedAt = performance.now();
      expect(await resolveClientId(principal, clientId)).toBe(clientId);
      if (target.databaseUrl) {
        const other = new pg.Client({ connectionString: target.databaseUrl });
        await other.connect();
        await other.query("DELETE FROM client_ids WHERE client_id = $1", [clientId]);
        await other.end();
      } else {
        await database.execute(sql`DELETE FROM client_ids WHERE client_id = ${clientId}`);
      }
      await seenBeforeTheTtl(cachedAt, () =>
        resolveClientId(principal, clientId).then(() => false, (error: unknown) => (error as { kind?: string }).kind === "client_id_forbidden"),
      );
    });
  });

  it.runIf(driver === "postgres")("caches nothing while the notification connection is down", async () => {
    await withStudio(target, async (client) => {
      const demo = await bootedDemoOrg(target);
      const { cacheUsable } = await import("@/lib/studio/auth/principal");
      const { uid } = await demo.principal("viewer");
      await until(cacheUsable, 10_000);
      const database = await client.db();
      await queryRows(client, sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN studio_principals'`);
      await until(() => !cacheUsable(), 5_000);
      await demo.principal("viewer");
      await database.execute(sql`ALTER TABLE users DISABLE TRIGGER users_principals_changed`);
      await database.execute(sql`UPDATE users SET permissions = '{transfer:read,transfer:create}' WHERE uid = ${uid}`);
      await database.execute(sql`ALTER TABLE users ENABLE TRIGGER users_principals_changed`);
      const seen = await demo.principal("viewer");
      if (!cacheUsable()) expect(seen.permissions).toEqual(["transfer:read", "transfer:create"]);
      // And it comes back by itself.
      await until(cacheUsable, 10_000);
    });
  });
});
