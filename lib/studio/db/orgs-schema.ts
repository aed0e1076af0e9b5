import "server-only";
// Organizations and who acts for them: their client ids, people and API keys.
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";

export const organizations = pgTable("organizations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  webhookSecret: text("webhook_secret").notNull(),
  // The HD seed for deposit addresses, sealed with the server secret (see lib/studio/crypto.ts).
  hdSeedSealed: text("hd_seed_sealed").notNull(),
  nextAddressIndex: integer("next_address_index").notNull().default(0),
  invoiceCounter: integer("invoice_counter").notNull().default(0),
  payoutCounter: integer("payout_counter").notNull().default(0),
  createdAt: createdAt(),
});

export const clientIds = pgTable("client_ids", {
  clientId: text("client_id").primaryKey(),
  orgId: integer("org_id")
    .notNull()
    .references(() => organizations.id),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    uid: text("uid").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    permissions: text("permissions").array().notNull(),
    // A disabled person's keys stop authenticating; the row stays for the records that name them.
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_org_email_idx").on(t.orgId, t.email), index("users_org_created_idx").on(t.orgId, t.createdAt)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    // SHA-256 of the whole key: keys carry 192 random bits, so a slow hash adds nothing.
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_user_idx").on(t.userUid),
    index("api_keys_org_created_idx").on(t.orgId, t.createdAt),
  ],
);
