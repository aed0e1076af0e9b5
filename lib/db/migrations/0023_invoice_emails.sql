ALTER TABLE "invoices" ADD COLUMN "email_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "invoice_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" integer NOT NULL,
	"invoice_id" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_attempts" integer DEFAULT 0 NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_email_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_id" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"recipient" text NOT NULL,
	"outcome" text NOT NULL,
	"smtp_code" integer,
	"smtp_response" text,
	"error" text,
	"latency_ms" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_email_attempts" ADD CONSTRAINT "invoice_email_attempts_email_id_invoice_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."invoice_emails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_emails_invoice_kind_idx" ON "invoice_emails" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE INDEX "invoice_emails_due_idx" ON "invoice_emails" USING btree ("next_attempt_at","seq") WHERE "invoice_emails"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_email_attempts_email_attempt_idx" ON "invoice_email_attempts" USING btree ("email_id","attempt_number");--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_check" CHECK ("kind" IN ('invoice', 'reminder_due_soon', 'reminder_overdue'));--> statement-breakpoint
ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "invoice_email_attempts" ADD CONSTRAINT "invoice_email_attempts_outcome_check" CHECK ("outcome" IN ('sent', 'deferred', 'failed'));
