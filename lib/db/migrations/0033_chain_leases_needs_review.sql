CREATE TABLE "chain_leases" (
	"chain_id" text NOT NULL,
	"job" text NOT NULL,
	"holder" text NOT NULL,
	"token" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_leases_chain_id_job_pk" PRIMARY KEY("chain_id","job")
);--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "review_evidence" jsonb;--> statement-breakpoint
CREATE INDEX "chain_sends_needs_review_idx" ON "chain_sends" USING btree ("org_id","created_at") WHERE "chain_sends"."status" = 'needs_review';
