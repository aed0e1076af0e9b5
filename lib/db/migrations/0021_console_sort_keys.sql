ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
-- The due date is the issue date plus the payment terms in days, counted in UTC whatever the
-- session's time zone; kept by the database so every writer (API, seed, CLI) agrees.
CREATE OR REPLACE FUNCTION invoices_set_due_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.due_at := ((NEW.invoice_issue_date AT TIME ZONE 'UTC') + make_interval(days => NEW.payment_terms)) AT TIME ZONE 'UTC';
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_due_at BEFORE INSERT OR UPDATE OF invoice_issue_date, payment_terms ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_set_due_at();--> statement-breakpoint
UPDATE "invoices" SET "due_at" = (("invoice_issue_date" AT TIME ZONE 'UTC') + make_interval(days => "payment_terms")) AT TIME ZONE 'UTC';--> statement-breakpoint
CREATE INDEX "invoices_org_amount_seq_idx" ON "invoices" USING btree ("org_id","amount","seq");--> statement-breakpoint
CREATE INDEX "invoices_org_due_seq_idx" ON "invoices" USING btree ("org_id","due_at","seq");--> statement-breakpoint
CREATE INDEX "payouts_org_amount_seq_idx" ON "payouts" USING btree ("org_id","amount","seq");
