-- Invoice logs become the invoice rows of the shared status log, ids and times kept.
INSERT INTO "status_logs" ("id", "org_id", "owner_type", "owner_id", "from_status", "to_status", "operator_uid", "reason", "created_at")
SELECT "id", "org_id", 'invoice', "invoice_id", "from_status", "to_status", "operator_uid", "reason", "created_at" FROM "invoice_logs";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"status_logs"', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "status_logs"), false);
--> statement-breakpoint
DROP TABLE "invoice_logs" CASCADE;