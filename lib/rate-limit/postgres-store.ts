import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { describe, microsFromMillis, type Policy } from "@/lib/rate-limit/gcra";
import type { RateLimitStore } from "@/lib/rate-limit/store";

type AnyDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
type Row = { allowed: boolean; tat_us: string | number | bigint };

/**
 * Counters in the `rate_limits` table. `take` is one statement: the upsert decides in its WHERE
 * (GCRA's test on the row it has locked) and writes only when it allows, so two servers cannot
 * both take a key's last request; when it refuses, the same statement reads the key's TAT for the
 * Retry-After. `database` is a getter so the store never opens the database at import.
 */
export function postgresStore(database: () => Promise<AnyDatabase>): RateLimitStore {
  return {
    async take(key, policy, nowMs = Date.now()) {
      const now = microsFromMillis(nowMs);
      const { intervalUs, burst } = policy;
      const result = await (await database()).execute(sql`
        WITH taken AS (
          INSERT INTO rate_limits AS r (key, tat_us) VALUES (${key}, ${now}::bigint + ${intervalUs}::bigint)
          ON CONFLICT (key) DO UPDATE SET tat_us = GREATEST(r.tat_us, ${now}::bigint) + ${intervalUs}::bigint
          WHERE GREATEST(r.tat_us, ${now}::bigint) + ${intervalUs}::bigint - ${now}::bigint <= ${burst * intervalUs}::bigint
          RETURNING r.tat_us
        )
        SELECT true AS allowed, tat_us FROM taken
        UNION ALL
        SELECT false AS allowed, tat_us FROM rate_limits WHERE key = ${key} AND NOT EXISTS (SELECT FROM taken)`);
      const row = (result as unknown as { rows: Row[] }).rows[0];
      // Refused for a row this statement's snapshot predates (another server created it a moment
      // ago): the bucket was just emptied, so the next request fits one interval from now.
      if (!row) return describe(false, now + burst * intervalUs, now, policy);
      return describe(row.allowed, Number(row.tat_us), now, policy);
    },
    async giveBack(key: string, { intervalUs }: Policy) {
      await (await database()).execute(sql`UPDATE rate_limits SET tat_us = tat_us - ${intervalUs}::bigint WHERE key = ${key}`);
    },
    async clear(key) {
      await (await database()).execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
    async purgeIdle(nowMs = Date.now()) {
      const result = await (await database()).execute(
        sql`WITH gone AS (DELETE FROM rate_limits WHERE tat_us < ${microsFromMillis(nowMs)}::bigint RETURNING 1) SELECT count(*)::int AS purged FROM gone`,
      );
      return (result as unknown as { rows: Array<{ purged: number }> }).rows[0]?.purged ?? 0;
    },
  };
}
