// The rate-limit stores against real backends: PGlite, PostgreSQL (real pools) and Redis. Each test
// uses two independent store instances, as two app servers would (on PostgreSQL and Redis two
// separate connection pools; PGlite is single-process, so there both share its one instance).
import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECT } from "@/lib/http/client-address";
import { reserveSignIn, SIGN_IN_GLOBAL_KEY } from "@/lib/console/sign-in-throttle";
import type { Policy } from "@/lib/rate-limit/gcra";
import { postgresStore } from "@/lib/rate-limit/postgres-store";
import { redisClient, redisStore } from "@/lib/rate-limit/redis-store";
import type { RateLimitStore } from "@/lib/rate-limit/store";
import { drivers, dropTarget, freshTarget, queryRows, withStudio, type Target } from "./support";
import { sql } from "drizzle-orm";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const HOUR_US = 3600 * 1_000_000;
// No refill while a test runs: what is allowed is exactly the burst.
const FIFTY_AN_HOUR: Policy = { burst: 50, intervalUs: HOUR_US / 50 };

type Backend = "pglite" | "postgres" | "redis";
const backends: Backend[] = [...drivers, "redis"];

/** Two store instances on one backend, and (for the SQL stores) a way to look at the table. */
type Stores = { a: RateLimitStore; b: RateLimitStore; rowCount?: () => Promise<number>; ttlMs?: (key: string) => Promise<number> };

async function withStores(backend: Backend, target: Target | undefined, work: (stores: Stores) => Promise<void>): Promise<void> {
  if (backend === "redis") {
    const prefix = `test:${randomBytes(6).toString("hex")}:`;
    const clients = [await redisClient(REDIS_URL), await redisClient(REDIS_URL)];
    try {
      const [a, b] = clients.map((client) => redisStore(async () => client, prefix)) as [RateLimitStore, RateLimitStore];
      const ttlMs = async (key: string) => Number(await clients[0]!.sendCommand(["PTTL", prefix + key]));
      await work({ a, b, ttlMs });
    } finally {
      for (const client of clients) if (client.isOpen) await client.close();
    }
    return;
  }
  await withStudio(target!, async (client) => {
    // Opening the database applies the migrations; the second pool below does not.
    await client.db();
    const a = postgresStore(client.db);
    const rowCount = async () => (await queryRows<{ n: number }>(client, sql`SELECT count(*)::int AS n FROM rate_limits`))[0]!.n;
    if (backend === "pglite") return work({ a, b: postgresStore(client.db), rowCount });
    const pool = new pg.Pool({ connectionString: target!.databaseUrl, max: 10 });
    try {
      await work({ a, b: postgresStore(async () => drizzle({ client: pool })), rowCount });
    } finally {
      await pool.end();
    }
  });
}

const unique = (label: string) => `${label}-${randomBytes(4).toString("hex")}`;

// The first test of a backend also opens its database (PGlite applies every migration in-process),
// which takes far longer than the take itself on a busy 2-core machine.
describe.each(backends)("rate-limit store on %s", (backend) => {
  let target: Target | undefined;
  beforeAll(async () => {
    if (backend !== "redis") target = await freshTarget(backend, "ratelimit");
  });
  afterAll(async () => {
    if (target) await dropTarget(target);
  });

  it("200 concurrent takes through two instances against a burst of 50: exactly 50 allowed, each request counted once", async () => {
    await withStores(backend, target, async ({ a, b }) => {
      const key = unique("burst");
      const verdicts = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).take(key, FIFTY_AN_HOUR)));
      const allowed = verdicts.filter((verdict) => verdict.allowed);
      expect(allowed).toHaveLength(50);
      // Every allowed request saw a different count: none of them took the same token.
      expect(new Set(allowed.map((verdict) => verdict.remaining)).size).toBe(50);
      expect(Math.min(...allowed.map((verdict) => verdict.remaining))).toBe(0);
      const refused = verdicts.filter((verdict) => !verdict.allowed);
      expect(refused.every((verdict) => verdict.retryAfterSeconds > 0 && verdict.remaining === 0)).toBe(true);
      // Both instances refused some: neither had a budget of its own.
      expect(verdicts.some((verdict, i) => i % 2 === 1 && !verdict.allowed)).toBe(true);
      expect(verdicts.some((verdict, i) => i % 2 === 0 && !verdict.allowed)).toBe(true);
    });
  });

  it("a refusal says when to retry; the key works again then, not before; other keys are unaffected", async () => {
    await withStores(backend, target, async ({ a, b }) => {
      const key = unique("retry");
      const policy: Policy = { burst: 2, intervalUs: 30 * 1_000_000 };
      const now = Date.now();
      expect((await a.take(key, policy, now)).allowed).toBe(true);
      expect((await b.take(key, policy, now)).allowed).toBe(true);
      const refused = await a.take(key, policy, now + 1000);
      expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 29, remaining: 0 });
      expect((await b.take(unique("other"), policy, now + 1000)).allowed).toBe(true);
      expect((await b.take(key, policy, now + 29_999)).allowed).toBe(false);
      expect(await b.take(key, policy, now + 30_000)).toMatchObject({ allowed: true, remaining: 0 });
    });
  });

  it("gives one request back, and clears a key", async () => {
    await withStores(backend, target, async ({ a, b }) => {
      const key = unique("give");
      const policy: Policy = { burst: 1, intervalUs: HOUR_US };
      expect((await a.take(key, policy)).allowed).toBe(true);
      expect((await b.take(key, policy)).allowed).toBe(false);
      await b.giveBack(key, policy);
      expect((await a.take(key, policy)).allowed).toBe(true);
      expect((await a.take(key, policy)).allowed).toBe(false);
      await b.clear(key);
      expect((await a.take(key, policy)).allowed).toBe(true);
    });
  });

  it("forgets keys once their bucket is full again", async () => {
    await withStores(backend, target, async ({ a, rowCount, ttlMs }) => {
      const idle = unique("idle");
      const live = unique("live");
      const now = Date.now();
      await a.take(idle, { burst: 10, intervalUs: 1_000_000 }, now); // full again at now + 1 s
      await a.take(live, FIFTY_AN_HOUR, now); // full again in 72 s
      if (ttlMs) {
        // Redis: each key expires on its own when its bucket is full.
        expect(await ttlMs(idle)).toBeLessThanOrEqual(1000);
        expect(await ttlMs(live)).toBeGreaterThan(60_000);
        return;
      }
      const before = await rowCount!();
      expect(await a.purgeIdle(now + 2000)).toBe(1);
      expect(await rowCount!()).toBe(before - 1);
      expect((await a.take(live, { burst: 1, intervalUs: HOUR_US }, now + 2000)).allowed).toBe(false);
    });
  });

  describe("sign-in throttle", () => {
    // Every attempt of every test counts against the one global limit: each test starts with it full.
    const withFreshStores = (work: (stores: Stores) => Promise<void>) =>
      withStores(backend, target, async (stores) => {
        await stores.a.clear(SIGN_IN_GLOBAL_KEY);
        await work(stores);
      });

    it("fifty parallel attempts on one account through two instances: five go ahead", async () => {
      await withFreshStores(async ({ a, b }) => {
        const email = `${unique("pat")}@x.test`;
        const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => reserveSignIn(email, DIRECT, false, i % 2 ? a : b)));
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
        const refused = outcomes.find((outcome) => !outcome.ok);
        expect(refused && !refused.ok && refused.retryAfter).toBeGreaterThan(0);
      });
    });

    it("a success on one instance clears the account's count for the other", async () => {
      await withFreshStores(async ({ a, b }) => {
        const email = `${unique("pat")}@x.test`;
        for (let i = 0; i < 4; i++) expect((await reserveSignIn(email, DIRECT, false, a)).ok).toBe(true);
        const fifth = await reserveSignIn(email, DIRECT, false, b);
        expect(fifth.ok).toBe(true);
        expect((await reserveSignIn(email, DIRECT, false, a)).ok).toBe(false);
        if (fifth.ok) await fifth.succeeded();
        for (let i = 0; i < 5; i++) expect((await reserveSignIn(email, DIRECT, false, i % 2 ? a : b)).ok).toBe(true);
        expect((await reserveSignIn(email, DIRECT, false, a)).ok).toBe(false);
      });
    });

    it("limits an address across accounts only when the address is known; a refused attempt is not counted", async () => {
      await withFreshStores(async ({ a, b }) => {
        const address = `203.0.113.${randomBytes(1)[0]}-${unique("ip")}`;
        for (let i = 0; i < 30; i++) expect((await reserveSignIn(`${unique("u")}@x.test`, address, false, i % 2 ? a : b)).ok).toBe(true);
        const next = `${unique("next")}@x.test`;
        expect((await reserveSignIn(next, address, false, a)).ok).toBe(false);
        // The attempt refused for its address was given back to the account: all five remain.
        for (let i = 0; i < 5; i++) expect((await reserveSignIn(next, `198.51.100.1-${address}`, false, b)).ok).toBe(true);
        // Direct callers share no address bucket: one of them cannot lock out all the others.
        for (let i = 0; i < 40; i++) expect((await reserveSignIn(`${unique("d")}@x.test`, DIRECT, false, a)).ok).toBe(true);
      });
    });

    it("the account's delay grows with wrong attempts, for e-mails with or without an account", async () => {
      await withFreshStores(async ({ a, b }) => {
        const email = `${unique("nobody")}@x.test`;
        const t0 = Date.now();
        const minute = 60_000;
        for (let i = 0; i < 5; i++) expect((await reserveSignIn(email, DIRECT, false, i % 2 ? a : b, t0)).ok).toBe(true);
        const sixth = await reserveSignIn(email, DIRECT, false, a, t0);
        expect(sixth.ok).toBe(false);
        expect(!sixth.ok && sixth.retryAfter).toBeLessThanOrEqual(180);
        // Then one every 3 minutes, up to 20 in a day...
        for (let k = 1; k <= 15; k++) expect((await reserveSignIn(email, DIRECT, false, k % 2 ? a : b, t0 + k * 3 * minute)).ok).toBe(true);
        // ...after which the wait is over an hour, not three minutes.
        const later = await reserveSignIn(email, DIRECT, false, b, t0 + 48 * minute);
        expect(later.ok).toBe(false);
        expect(!later.ok && later.retryAfter).toBeGreaterThan(20 * 60);
      });
    });

    it("from an address the account knows, the delay is passed with the right password; a flood from elsewhere meets the global limit", async () => {
      await withFreshStores(async ({ a, b }) => {
        const email = `${unique("admin")}@x.test`;
        for (let i = 0; i < 5; i++) await reserveSignIn(email, unique("attacker"), false, a);
        const elsewhere = await reserveSignIn(email, unique("attacker"), false, b);
        expect(elsewhere).toMatchObject({ ok: false, passesWithRightPassword: false });
        const fromKnown = await reserveSignIn(email, "203.0.113.10", true, b);
        expect(fromKnown).toMatchObject({ ok: false, passesWithRightPassword: true });
        // 110 attempts at one instant from 110 addresses with 110 e-mails: the global limit's burst
        // of 100 (five spent above, partly refilled since) lets no more through.
        const at = Date.now();
        const flood = await Promise.all(
          Array.from({ length: 110 }, (_, i) => reserveSignIn(`${unique("f")}@x.test`, unique("bot"), false, i % 2 ? a : b, at)),
        );
        const through = flood.filter((outcome) => outcome.ok).length;
        expect(through).toBeGreaterThanOrEqual(95);
        expect(through).toBeLessThanOrEqual(100);
        expect((await reserveSignIn(`${unique("g")}@x.test`, unique("bot"), false, a, at)).ok).toBe(false);
        // The known address is not held up by the flood.
        if (fromKnown.ok === false && fromKnown.passesWithRightPassword) await fromKnown.succeeded();
        expect((await reserveSignIn(email, "203.0.113.10", true, a)).ok).toBe(true);
      });
    });

    it("a success gives the address its attempt back", async () => {
      await withFreshStores(async ({ a, b }) => {
        const address = unique("ip");
        for (let i = 0; i < 29; i++) await reserveSignIn(`${unique("u")}@x.test`, address, false, a);
        const good = await reserveSignIn(`${unique("good")}@x.test`, address, false, b);
        expect(good.ok).toBe(true);
        if (good.ok) await good.succeeded();
        expect((await reserveSignIn(`${unique("another")}@x.test`, address, false, a)).ok).toBe(true);
        expect((await reserveSignIn(`${unique("last")}@x.test`, address, false, b)).ok).toBe(false);
      });
    });
  });
});

describe.each(drivers)("the API limit with Redis down, on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "redis_down");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("counts in the database instead of letting requests through uncounted", async () => {
    // Nothing listens on port 1: every Redis command fails.
    const verdicts = await withStudio(
      target,
      async (client) => {
        await client.db();
        const { takeApiRequest, takeKeylessRequest } = await import("@/lib/studio/http/rate-limit");
        const key = unique("key");
        const api = [];
        for (let i = 0; i < 2; i++) api.push((await takeApiRequest(key))?.allowed);
        const keyless = [];
        for (let i = 0; i < 2; i++) keyless.push((await takeKeylessRequest("198.51.100.77"))?.allowed);
        const rows = await queryRows<{ key: string }>(client, sql`SELECT key FROM rate_limits ORDER BY key`);
        return { api, keyless, rows: rows.map((row) => row.key) };
      },
      { REDIS_URL: "redis://127.0.0.1:1", STUDIO_RATE_LIMIT: "1" },
    );
    // One a second, one at once: the second, right after, is refused.
    expect(verdicts.api).toEqual([true, false]);
    expect(verdicts.keyless).toEqual([true, false]);
    expect(verdicts.rows).toEqual(expect.arrayContaining([expect.stringMatching(/^api:key-/), "api:keyless:198.51.100.77"]));
  });
});
