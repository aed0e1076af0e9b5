CREATE TABLE "balances" (
	"org_id" integer NOT NULL,
	"chain_id" text NOT NULL,
	"token_address" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_org_id_chain_id_token_address_pk" PRIMARY KEY("org_id","chain_id","token_address")
);
--> statement-breakpoint
CREATE TABLE "standalone_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"creator_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" integer NOT NULL,
	"chain_id" text NOT NULL,
	"token_address" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" numeric NOT NULL,
	"wallet_address" text NOT NULL,
	"send_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"creator_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_entries_org_token_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "withdrawal_id" text;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standalone_payment_intents" ADD CONSTRAINT "standalone_payment_intents_id_payment_intents_id_fk" FOREIGN KEY ("id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standalone_payment_intents" ADD CONSTRAINT "standalone_payment_intents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standalone_payment_intents" ADD CONSTRAINT "standalone_payment_intents_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_send_id_chain_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."chain_sends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standalone_payment_intents_seq_idx" ON "standalone_payment_intents" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "standalone_payment_intents_payment_intent_idx" ON "standalone_payment_intents" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "standalone_payment_intents_org_seq_idx" ON "standalone_payment_intents" USING btree ("org_id","seq");--> statement-breakpoint
CREATE INDEX "standalone_payment_intents_org_status_seq_idx" ON "standalone_payment_intents" USING btree ("org_id","status","seq");--> statement-breakpoint
CREATE INDEX "withdrawals_org_seq_idx" ON "withdrawals" USING btree ("org_id","seq");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_org_token_idx" ON "ledger_entries" USING btree ("org_id","chain_id","token_address","id");--> statement-breakpoint
-- Written by hand (drizzle-kit models neither CHECKs on expressions nor triggers).
-- A standalone payment intent owns exactly the payment intent whose id it carries.
ALTER TABLE "standalone_payment_intents" ADD CONSTRAINT "standalone_payment_intents_owns_itself" CHECK ("id" = "payment_intent_id");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("amount" <> 0);
--> statement-breakpoint
-- The database's own guarantee: no movement, by any code path, takes a balance below zero.
ALTER TABLE "balances" ADD CONSTRAINT "balances_nonnegative" CHECK ("amount" >= 0);
--> statement-breakpoint
INSERT INTO "balances" ("org_id", "chain_id", "token_address", "symbol", "decimals", "amount")
SELECT "org_id", "chain_id", "token_address", min("symbol"), min("decimals"), sum("amount")
FROM "ledger_entries" GROUP BY "org_id", "chain_id", "token_address";
--> statement-breakpoint
-- Every ledger row moves its balance in the same transaction; the row lock this takes is what
-- serializes concurrent movements of one balance, and the CHECK above refuses a negative result.
-- The row is made to exist at zero first and then moved: an upsert would check the CHECK against
-- the debit itself as a would-be new row, before it found the existing one.
CREATE FUNCTION "ledger_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "balances" ("org_id", "chain_id", "token_address", "symbol", "decimals", "amount", "updated_at")
  VALUES (NEW."org_id", NEW."chain_id", NEW."token_address", NEW."symbol", NEW."decimals", 0, NEW."created_at")
  ON CONFLICT ("org_id", "chain_id", "token_address") DO NOTHING;
  UPDATE "balances" SET "amount" = "amount" + NEW."amount", "updated_at" = NEW."created_at"
  WHERE "org_id" = NEW."org_id" AND "chain_id" = NEW."chain_id" AND "token_address" = NEW."token_address";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_balance"
AFTER INSERT ON "ledger_entries"
FOR EACH ROW EXECUTE FUNCTION "ledger_entries_apply"();
--> statement-breakpoint
-- Ledger rows are immutable: a correction is a new row, never an edit or a deletion.
CREATE FUNCTION "ledger_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries rows are immutable; record a correction as a new row';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change"
BEFORE UPDATE OR DELETE ON "ledger_entries"
FOR EACH ROW EXECUTE FUNCTION "ledger_entries_immutable"();
