CREATE TABLE "chain_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"payment_intent_id" text,
	"purpose" text NOT NULL,
	"chain_id" text NOT NULL,
	"token_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"chain_id" text NOT NULL,
	"token_address" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" numeric NOT NULL,
	"kind" text NOT NULL,
	"payment_intent_id" text,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" integer NOT NULL,
	"payout_number" text NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"creator_uid" text NOT NULL,
	"creator" text NOT NULL,
	"amount" numeric NOT NULL,
	"exact_out_amount" numeric NOT NULL,
	"currency" text,
	"origin" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_account_email" text,
	"organization_name" text NOT NULL,
	"organization_email" text NOT NULL,
	"description" text,
	"attachment" jsonb,
	"recipient_type" text,
	"recipient_uid" text,
	"recipient_org_id" integer,
	"recipient_phone" text,
	"reviewer" text,
	"approve_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_broadcasts" (
	"reference" text PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"chain_id" text NOT NULL,
	"token_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"operator_uid" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Claims left unanswered by the old two-step idempotency belong to requests that never finished.
DELETE FROM "idempotency_keys" WHERE "response_status" IS NULL OR "response_body" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payout_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_logs" ADD CONSTRAINT "status_logs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_sends_pending_idx" ON "chain_sends" USING btree ("created_at") WHERE "chain_sends"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_org_token_idx" ON "ledger_entries" USING btree ("org_id","chain_id","token_address");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_seq_idx" ON "payouts" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_org_number_idx" ON "payouts" USING btree ("org_id","payout_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_payment_intent_idx" ON "payouts" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "payouts_org_seq_idx" ON "payouts" USING btree ("org_id","seq");--> statement-breakpoint
CREATE INDEX "payouts_org_status_seq_idx" ON "payouts" USING btree ("org_id","status","seq");--> statement-breakpoint
CREATE INDEX "status_logs_owner_idx" ON "status_logs" USING btree ("owner_type","owner_id","id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");