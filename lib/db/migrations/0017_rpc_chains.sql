CREATE TABLE "chain_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_timestamp" bigint NOT NULL,
	"org_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"token_address" text NOT NULL,
	"from_address" text NOT NULL,
	"amount" numeric NOT NULL,
	"status" text DEFAULT 'seen' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_nonces" (
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "chain_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "chain_scan_state" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"scanned_block" bigint NOT NULL,
	"head_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_scanned_blocks" (
	"chain_id" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_scanned_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "nonce" bigint;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "raw_tx" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "tx_hashes" jsonb;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "after_send_id" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "mined_block" bigint;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "seen_tx_hash" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "seen_confirmations" integer;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_log_idx" ON "chain_deposits" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_seen_idx" ON "chain_deposits" USING btree ("chain_id","block_number") WHERE "chain_deposits"."status" = 'seen';--> statement-breakpoint
CREATE INDEX "chain_deposits_chain_block_idx" ON "chain_deposits" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "chain_sends_sent_idx" ON "chain_sends" USING btree ("chain_id","created_at") WHERE "chain_sends"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "payment_intents_chain_address_lower_idx" ON "payment_intents" USING btree ("chain_id",lower("payment_address"));