import "server-only";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// One row per server secret (STUDIO_SECRET, CONSOLE_SECRET): a value derived from the secret the
// database was first used with, so a server started with another secret is refused at start
// instead of failing on the first payment or console sign-in (lib/secrets/check.ts).
export const secretChecks = pgTable("secret_checks", {
  name: text("name").primaryKey(),
  checkValue: text("check_value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
