import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { describe, microsFromMillis, type Policy } from "@/lib/rate-limit/gcra";
import type { RateLimitStore } from "@/lib/rate-limit/store";

type AnyDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
type Row = { allowed: boolean; tat_us: string | number | bigint; now_us: string | number | bigint };

// The database's clock, read where it is used: in the upsert that is after the row lock is taken,
// so statements are judged in the order they update the row, and every app server shares one clock.
const databaseClock = sql`(extract(epoch FROM clock_timestamp()) * 1000000)::bigint`;
const clockFor = (nowMs: number | undefined) => (nowMs === undefined ? databaseClock : sql`${microsFromMillis(nowMs)}::bigint`);

/**
 * Counters in the `rate_limits` table. `take` is one statement: the upsert decides in its WHERE
 * (GCRA's test on the row it has locked) and writes only when it allows, so two servers cannot
 * both take a key's last request; when it refuses, the same statement reads the key's TAT for the
 * Retry-After. `nowMs` replaces the database's clock (tests). `database` is a getter so the store
 * never opens the database at import.
 */
export function postgresStore(database: () => Promise<AnyDatabase>): RateLimitStore {
  return {
    async take(key, policy, nowMs) {
      const now = clockFor(nowMs);
      const { intervalUs, burst } = policy;
      // GCRA's test (gcra.ts) rearranged so that `now` is read once: max(tat, now) + T - now <= B·T
      // holds exactly when tat - now <= (B - 1)·T.
      const result = await (await database()).execute(sql`
        WITH taken AS (
          INSERT INTO rate_limits AS r (key, tat_us) VALUES (${key}, ${now} + ${intervalUs}::bigint)
          ON CONFLICT (key) DO UPDATE SET tat_us = GREATEST(r.tat_us, ${now}) + ${intervalUs}::bigint
          WHERE r.tat_us - ${now} <= ${(burst - 1) * intervalUs}::bigint
          RETURNING r.tat_us, ${now} AS now_us
        )
        SELECT true AS allowed, tat_us, now_us FROM taken
        UNION ALL
        SELECT false AS allowed, tat_us, ${now} AS now_us FROM rate_limits WHERE key = ${key} AND NOT EXISTS (SELECT FROM taken)`);
      const row = (result as unknown as { rows: Row[] }).rows[0];
      if (!row) {
        // Refused for a row this statement's snapshot predates (another server created it a
        // moment ago): the bucket was just emptied, so the next request fits one interval on.
        const nowUs = microsFromMillis(nowMs ?? Date.now());
        return describe(false, nowUs + burst * intervalUs, nowUs, policy);
      }
      return describe(row.allowed, Number(row.tat_us), Number(row.now_us), policy);
    },
    async giveBack(key: string, { intervalUs }: Policy) {
      await (await database()).execute(sql`UPDATE rate_limits SET tat_us = tat_us - ${intervalUs}::bigint WHERE key = ${key}`);
    },
    async clear(key) {
      await (await database()).execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
    async purgeIdle(nowMs) {
      const result = await (await database()).execute(
        sql`WITH gone AS (DELETE FROM rate_limits WHERE tat_us < ${clockFor(nowMs)} RETURNING 1) SELECT count(*)::int AS purged FROM gone`,
      );
      return (result as unknown as { rows: Array<{ purged: number }> }).rows[0]?.purged ?? 0;
    },
  };
}
