import "server-only";
// The API's idempotency keys: a retried request with the same key gets the first answer.
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "@/lib/studio/db/columns";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userUid: text("user_uid").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("idempotency_keys_pk").on(t.userUid, t.key), index("idempotency_keys_created_idx").on(t.createdAt)],
);
