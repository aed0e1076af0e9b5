import "server-only";
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// The console's own tables. It knows a person's Studio identity only through the API key it holds.
export const consoleAccounts = pgTable(
  "console_accounts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    // AES-256-GCM under CONSOLE_SECRET: iv.tag.ciphertext, base64url.
    apiKeySealed: text("api_key_sealed").notNull(),
    // The organization's X-Client-ID, needed for create calls (GET /me does not return it).
    clientId: text("client_id"),
    // Learned from GET /me at sign-in, so the log timeline can show names for operator uids.
    studioUid: text("studio_uid"),
    // Set while the account still has the generated first password of its invite: it works once,
    // until this moment, and the session it starts may only choose a new password.
    firstPasswordExpiresAt: timestamp("first_password_expires_at", { withTimezone: true }),
    // When the first password started its one session; a second sign-in with it is refused.
    firstPasswordUsedAt: timestamp("first_password_used_at", { withTimezone: true }),
    // The person's console language ("en", "zh-TW"); null follows their browser's Accept-Language.
    locale: text("locale"),
    // An IANA time zone the console shows dates and times in; null is UTC.
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("console_accounts_email_idx").on(t.email), index("console_accounts_studio_uid_idx").on(t.studioUid)],
);

export const consoleSessions = pgTable(
  "console_sessions",
  {
    // SHA-256 of the cookie token, so a database read does not yield live sessions.
    tokenHash: text("token_hash").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => consoleAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    // When the person last proved their password in this session (sign-in, step-up): money moves
    // only within STEP_UP_MAX_AGE_MS of it. Null (sessions older than the column) counts as long ago.
    passwordCheckedAt: timestamp("password_checked_at", { withTimezone: true }),
  },
  (t) => [index("console_sessions_account_idx").on(t.accountId)],
);

// Client addresses an account has signed in from with its right password: a sign-in from one of
// them passes the growing delay that wrong passwords from elsewhere put on the account
// (lib/console/sign-in-throttle.ts), so nobody can keep a chosen person locked out.
export const consoleKnownAddresses = pgTable(
  "console_known_addresses",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => consoleAccounts.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.address] })],
);
