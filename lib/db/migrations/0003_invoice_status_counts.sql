CREATE TABLE "invoice_status_counts" (
	"org_id" integer NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_status_counts_org_id_status_pk" PRIMARY KEY("org_id","status")
);
--> statement-breakpoint
ALTER TABLE "invoice_status_counts" ADD CONSTRAINT "invoice_status_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "invoice_status_counts" ("org_id", "status", "count")
SELECT "org_id", "status", count(*)::int FROM "invoices" GROUP BY "org_id", "status";
--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). Every path that inserts an invoice or
-- changes its status keeps the counts exact in the same transaction. Both rows of a status change
-- are touched in status-name order, so two opposite transitions (reject vs resubmit) cannot deadlock.
CREATE FUNCTION "invoice_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_status_counts" ("org_id", "status", "count") VALUES (NEW."org_id", NEW."status", 1)
    ON CONFLICT ("org_id", "status") DO UPDATE SET "count" = "invoice_status_counts"."count" + 1;
  ELSIF NEW."status" IS DISTINCT FROM OLD."status" THEN
    INSERT INTO "invoice_status_counts" ("org_id", "status", "count")
    SELECT NEW."org_id", change.status, change.delta
    FROM (VALUES (OLD."status", -1), (NEW."status", 1)) AS change(status, delta)
    ORDER BY change.status
    ON CONFLICT ("org_id", "status") DO UPDATE SET "count" = "invoice_status_counts"."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_status_counts"
AFTER INSERT OR UPDATE OF "status" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoice_status_counts_apply"();
