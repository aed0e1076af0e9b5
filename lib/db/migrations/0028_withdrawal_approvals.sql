ALTER TABLE "withdrawals" ALTER COLUMN "send_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "tx_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_policy_versions" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_org_review_idx" ON "withdrawals" USING btree ("org_id","review_status");