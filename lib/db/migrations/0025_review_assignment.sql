-- Issue 25: the spec's `reviewer` and `approve_time` on update assign a record's review to a
-- person and say when it is due. Kept apart from `reviewer`/`approve_time`, which the approve
-- action writes (who approved, when).
ALTER TABLE "invoices" ADD COLUMN "review_assignee_uid" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "review_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "review_assignee_uid" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "review_due_at" timestamp with time zone;
