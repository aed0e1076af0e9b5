CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"org_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"payer_address" text NOT NULL,
	"amount" numeric NOT NULL,
	"tx_timestamp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_ids" (
	"client_id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_uid" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"invoice_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"operator_uid" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"creator_uid" text NOT NULL,
	"creator" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text,
	"origin" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"organization_name" text NOT NULL,
	"organization_email" text NOT NULL,
	"description" text,
	"attachment" jsonb,
	"detail_items" jsonb NOT NULL,
	"payment_terms" integer NOT NULL,
	"invoice_issue_date" timestamp with time zone NOT NULL,
	"allow_any_chain" boolean DEFAULT false NOT NULL,
	"allow_any_token" boolean DEFAULT false NOT NULL,
	"use_fixed_stablecoin_rate" boolean DEFAULT false NOT NULL,
	"reviewer" text,
	"approve_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"hd_seed_sealed" text NOT NULL,
	"next_address_index" integer DEFAULT 0 NOT NULL,
	"invoice_counter" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"pricing_mode" text NOT NULL,
	"chain_id" text NOT NULL,
	"token_symbol" text NOT NULL,
	"token_address" text NOT NULL,
	"decimals" integer NOT NULL,
	"payment_address" text,
	"address_index" integer,
	"status" text NOT NULL,
	"crypto_amount" numeric NOT NULL,
	"fiat_amount" numeric,
	"fiat_currency" text,
	"crypto_price" numeric,
	"requested_deadline" bigint,
	"payment_deadline" bigint,
	"payer_address" text,
	"payment_tx_hash" text,
	"payment_tx_timestamp" bigint,
	"received_crypto_amount" numeric,
	"aggregated_crypto_amount" numeric,
	"aggregation_tx_hash" text,
	"aggregation_tx_timestamp" bigint,
	"finalized_timestamp" bigint,
	"refund_tx_hash" text,
	"refund_crypto_amount" numeric,
	"refund_address" text,
	"partial_refund_tx_hash" text,
	"partial_refund_amount" numeric,
	"partial_refund_address" text,
	"order_data" jsonb,
	"callback_url" text,
	"group_key" text,
	"payment_method_type" text NOT NULL,
	"swap_enabled" boolean DEFAULT false NOT NULL,
	"payout_target_address" text,
	"payout_target_sol_address" text,
	"payout_target_tron_address" text,
	"payout_addresses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"exact_out_amount" numeric,
	"kg_fee_amount" numeric,
	"bank_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uid" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ids" ADD CONSTRAINT "client_ids_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_logs" ADD CONSTRAINT "invoice_logs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_logs" ADD CONSTRAINT "invoice_logs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_account_id_console_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."console_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_tx_idx" ON "chain_transfers" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "chain_transfers_intent_idx" ON "chain_transfers" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_pk" ON "idempotency_keys" USING btree ("user_uid","key");--> statement-breakpoint
CREATE INDEX "invoice_logs_invoice_idx" ON "invoice_logs" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seq_idx" ON "invoices" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_number_idx" ON "invoices" USING btree ("org_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_intent_idx" ON "invoices" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "invoices_org_seq_idx" ON "invoices" USING btree ("org_id","seq");--> statement-breakpoint
CREATE INDEX "invoices_org_status_seq_idx" ON "invoices" USING btree ("org_id","status","seq");--> statement-breakpoint
CREATE INDEX "invoices_org_recipient_email_idx" ON "invoices" USING btree ("org_id","recipient_email");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_address_idx" ON "payment_intents" USING btree ("payment_address");--> statement-breakpoint
CREATE INDEX "payment_intents_status_deadline_idx" ON "payment_intents" USING btree ("status","payment_deadline") WHERE "payment_intents"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_idx" ON "users" USING btree ("org_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "console_accounts_email_idx" ON "console_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "console_sessions_account_idx" ON "console_sessions" USING btree ("account_id");