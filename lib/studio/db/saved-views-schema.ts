import "server-only";
// A person's saved views of a list (issue 27): a name for the list's filters and sort, kept per
// user (the key's person), so it follows them to any browser.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "@/lib/studio/db/orgs-schema";

export const savedViews = pgTable(
  "saved_views",
  {
    id: text("id").primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    userUid: text("user_uid").notNull(),
    list: text("list").notNull(),
    name: text("name").notNull(),
    /** The list's query string: filters and sort, never a page. */
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_views_user_list_name_idx").on(t.userUid, t.list, t.name), index("saved_views_org_user_idx").on(t.orgId, t.userUid, t.list)],
);
