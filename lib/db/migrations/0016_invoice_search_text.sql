-- The invoice search's text, stored: the searched columns joined by spaces and lowercased. The
-- trigram index's recheck of each candidate becomes a plain LIKE on it, where it joined and
-- lowercased (ILIKE) seven columns once per searched piece; the statistics on its trigrams
-- (migration 0015) move to it. Adding a stored column rewrites the table once.
DROP INDEX "invoices_search_trgm_idx";--> statement-breakpoint
DROP STATISTICS "invoices_search_trigrams";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("invoices"."invoice_number" || ' ' || "invoices"."id" || ' ' || "invoices"."payment_intent_id" || ' ' || "invoices"."recipient_name" || ' ' || "invoices"."recipient_email" || ' ' || "invoices"."organization_name" || ' ' || "invoices"."organization_email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE STATISTICS "invoices_search_trigrams" ON (show_trgm("search_text")) FROM "invoices";
