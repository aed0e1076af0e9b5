CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "invoice_status_counts" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_status_counts" DROP CONSTRAINT "invoice_status_counts_org_id_status_pk";--> statement-breakpoint
ALTER TABLE "invoice_status_counts" ADD CONSTRAINT "invoice_status_counts_org_id_status_slot_pk" PRIMARY KEY("org_id","status","slot");--> statement-breakpoint
DROP INDEX "invoices_org_seq_idx";--> statement-breakpoint
CREATE INDEX "invoices_org_seq_status_idx" ON "invoices" USING btree ("org_id","seq","status");--> statement-breakpoint
CREATE INDEX "invoices_org_created_status_idx" ON "invoices" USING btree ("org_id","created_at","status");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin (("invoice_number" || ' ' || "id" || ' ' || "payment_intent_id" || ' ' || "recipient_name" || ' ' || "recipient_email" || ' ' || "organization_name" || ' ' || "organization_email") gin_trgm_ops);--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). The per-row trigger of 0003 updated the
-- same few count rows once per invoice: a bulk insert of a million rows spent its time re-updating
-- them, and every create and transition held its organization's count row until commit, so
-- concurrent writes in one organization queued behind each other. These statement-level triggers
-- apply one aggregated delta per (organization, status) and statement, from the transition
-- tables, into the slot of the writing backend: bulk writes cost O(rows), and concurrent writers
-- on different connections touch different rows. Deltas are applied in (org, status) order, so two
-- statements touching the same rows in opposite directions cannot deadlock.
DROP TRIGGER "invoices_status_counts" ON "invoices";--> statement-breakpoint
DROP FUNCTION "invoice_status_counts_apply"();--> statement-breakpoint
CREATE FUNCTION "invoice_status_counts_apply_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_status_counts" ("org_id", "status", "slot", "count")
    SELECT "org_id", "status", pg_backend_pid() % 16, count(*)::int FROM "new_rows"
    GROUP BY "org_id", "status" ORDER BY "org_id", "status"
    ON CONFLICT ("org_id", "status", "slot") DO UPDATE SET "count" = "invoice_status_counts"."count" + EXCLUDED."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_status_counts" ("org_id", "status", "slot", "count")
    SELECT "org_id", "status", pg_backend_pid() % 16, -count(*)::int FROM "old_rows"
    GROUP BY "org_id", "status" ORDER BY "org_id", "status"
    ON CONFLICT ("org_id", "status", "slot") DO UPDATE SET "count" = "invoice_status_counts"."count" + EXCLUDED."count";
  ELSE
    -- Rows whose (org, status) did not change cancel out and write nothing.
    INSERT INTO "invoice_status_counts" ("org_id", "status", "slot", "count")
    SELECT "org_id", "status", pg_backend_pid() % 16, sum("delta")::int
    FROM (
      SELECT "org_id", "status", 1 AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "org_id", "status", -1 FROM "old_rows"
    ) AS "change"
    GROUP BY "org_id", "status" HAVING sum("delta") <> 0 ORDER BY "org_id", "status"
    ON CONFLICT ("org_id", "status", "slot") DO UPDATE SET "count" = "invoice_status_counts"."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_status_counts_insert" AFTER INSERT ON "invoices"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_status_counts_apply_delta"();--> statement-breakpoint
CREATE TRIGGER "invoices_status_counts_update" AFTER UPDATE ON "invoices"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_status_counts_apply_delta"();--> statement-breakpoint
CREATE TRIGGER "invoices_status_counts_delete" AFTER DELETE ON "invoices"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_status_counts_apply_delta"();
