import "server-only";
import { bigint, pgTable, text } from "drizzle-orm/pg-core";

// Rate-limit counters shared by every app server on one database (the API's per-key limit and
// the console's sign-in throttle). One row per key: its GCRA state (lib/rate-limit/gcra.ts).
// No index besides the key: every request updates `tat_us`, and an unindexed column keeps those
// updates HOT (no index writes). The sweeper deletes rows whose TAT has passed.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  /** Microseconds since the epoch at which this key's bucket is full again. */
  tatUs: bigint("tat_us", { mode: "number" }).notNull(),
});
